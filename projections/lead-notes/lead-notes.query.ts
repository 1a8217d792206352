import type pg from 'pg';
import type { NoteView } from '../../src/contract/tasks';

type Row = { note_id: string; text: string; author_id: string; author_name: string; at: Date; edited_at: Date | null; merged_name: string | null };

/** A lead's notes, newest first. The caller checked that the viewer may see the lead. */
export async function notesOf(pool: pg.Pool, leadId: string): Promise<NoteView[]> {
  const { rows } = await pool.query<Row>(
    `SELECT n.note_id, n.text, n.author_id, n.author_name, n.at, n.edited_at, m.merged_name
     FROM lead_notes n LEFT JOIN lead_note_merges m ON m.merged_lead_id = n.merged_from WHERE n.lead_id = $1 ORDER BY n.at DESC, n.note_id`,
    [leadId],
  );
  return rows.map((r) => ({
    noteId: r.note_id,
    text: r.text,
    authorId: r.author_id,
    authorName: r.author_name,
    at: r.at.toISOString(),
    editedAt: r.edited_at?.toISOString() ?? null,
    // A note the merged lead brought (issue 18): read-only here, it stays on that lead's own notes.
    ...(r.merged_name ? { mergedFrom: r.merged_name } : {}),
  }));
}

/** The contract's shape of a note (section 5a). */
export const contractNote = (n: NoteView) => ({ noteId: n.noteId, text: n.text, authorId: n.authorId, at: n.at });
