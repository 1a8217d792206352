import type { LeadNoteEvent } from '../../src/modules/leads/leads.events';
import { assertNever } from '../../src/shared/errors';
import { handledTypes, type Projection } from '../runner';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';

/**
 * The notes of each lead for the dashboard's lead details: the text as last edited, its author
 * and when. A deleted note's row goes (its words are kept only in the log, for the audit).
 */
export const leadNotesProjection: Projection = {
  name: 'lead_notes',
  version: 1,
  eventTypes: handledTypes<LeadNoteEvent | PersonErased>()(['LeadNoteWritten', 'LeadNoteEdited', 'LeadNoteDeleted', 'PersonErased']),
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
    for (const stored of events) {
      const e = stored as unknown as (LeadNoteEvent | PersonErased) & typeof stored;
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
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          // The agents' notes about the lead go with the lead.
          await tx.query(`DELETE FROM ${notes} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
