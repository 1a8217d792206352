export { leadNotesProjection } from './lead-notes.projection';
export { contractNote, notesOf } from './lead-notes.query';
