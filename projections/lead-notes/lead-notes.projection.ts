import type { LeadNoteEvent } from '../../src/modules/leads/leads.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

/**
 * The notes of each lead for the dashboard's lead details: the text as last edited, its author
 * and when. A deleted note's row goes (its words are kept only in the log, for the audit).
 */
export const leadNotesProjection: Projection = {
  name: 'lead_notes',
  version: 1,
  eventTypes: handledTypes<LeadNoteEvent>()(['LeadNoteWritten', 'LeadNoteEdited', 'LeadNoteDeleted']),
  tables: ['lead_notes'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('lead_notes')} (
      note_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      text text NOT NULL,
      author_id uuid NOT NULL,
      author_name text NOT NULL,
      at timestamptz NOT NULL,
      edited_at timestamptz
    )`);
    await tx.query(`CREATE INDEX ON ${t('lead_notes')} (lead_id, at DESC)`);
  },
  async apply(events, { tx, table }) {
    const notes = table('lead_notes');
    for (const e of eventsOf<LeadNoteEvent>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'LeadNoteWritten':
          await tx.query(
            `INSERT INTO ${notes} (note_id, lead_id, text, author_id, author_name, at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (note_id) DO NOTHING`,
            [e.data.noteId, e.data.leadId, e.data.text, e.data.authorId, e.data.authorName, at],
          );
          break;
        case 'LeadNoteEdited':
          await tx.query(`UPDATE ${notes} SET text = $2, edited_at = $3 WHERE note_id = $1`, [e.data.noteId, e.data.text, at]);
          break;
        case 'LeadNoteDeleted':
          await tx.query(`DELETE FROM ${notes} WHERE note_id = $1`, [e.data.noteId]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
