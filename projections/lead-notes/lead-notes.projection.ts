import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { LeadNoteEvent } from '../../src/modules/leads/leads.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { erasedRows, MergedLeads } from '../lead-rows';

type Handled = LeadNoteEvent | AccountsMerged | AccountsUnmerged | PersonErased;

/** A merge (issue 18) shows the duplicate's notes, and those written on it later, on the survivor. */
const merges = new MergedLeads('lead_note_merges', ['lead_notes']);
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

/**
 * The notes of each lead for the dashboard's lead details: the text as last edited, its author
 * and when. A deleted note's row goes (its words are kept only in the log, for the audit).
 */
export const leadNotesProjection: Projection = {
  name: 'lead_notes',
  // 2: account merges fold the duplicate's notes into the survivor's (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  version: 3,
  eventTypes: handledTypes<Handled>()(['LeadNoteWritten', 'LeadNoteEdited', 'LeadNoteDeleted', 'AccountsMerged', 'AccountsUnmerged', 'PersonErased']),
  tables: ['lead_notes', 'lead_note_merges'],
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
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { table } = ctx;
    const notes = table('lead_notes');
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'LeadNoteWritten': {
          const to = await merges.target(ctx, e.data.leadId);
          ctx.write(
            `INSERT INTO ${notes} (note_id, lead_id, text, author_id, author_name, at, merged_from) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (note_id) DO NOTHING`,
            [e.data.noteId, to.leadId, e.data.text, e.data.authorId, e.data.authorName, at, to.mergedFrom],
          );
          break;
        }
        case 'LeadNoteEdited':
          ctx.write(`UPDATE ${notes} SET text = $2, edited_at = $3 WHERE note_id = $1`, [e.data.noteId, e.data.text, at]);
          break;
        case 'LeadNoteDeleted':
          ctx.write(`DELETE FROM ${notes} WHERE note_id = $1`, [e.data.noteId]);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          // The leads were read from the dashboard's list when the merge was made; notes know no leads of their own.
          await merges.apply(ctx, e, async () => true);
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          // The agents' notes about the lead go with the lead.
          // Moved under a survivor by a merge too; a duplicate merged into the person's lead is another account's and stays.
          ctx.write(`DELETE FROM ${notes} WHERE ${erasedRows(1)}`, [e.data.leadIds]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
