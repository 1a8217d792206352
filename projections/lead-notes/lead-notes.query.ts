import type pg from 'pg';
import type { NoteView } from '../../src/contract/tasks';

type Row = { note_id: string; text: string; author_id: string; author_name: string; at: Date; edited_at: Date | null };

/** A lead's notes, newest first. The caller checked that the viewer may see the lead. */
export async function notesOf(pool: pg.Pool, leadId: string): Promise<NoteView[]> {
  const { rows } = await pool.query<Row>('SELECT note_id, text, author_id, author_name, at, edited_at FROM lead_notes WHERE lead_id = $1 ORDER BY at DESC, note_id', [leadId]);
  return rows.map((r) => ({ noteId: r.note_id, text: r.text, authorId: r.author_id, authorName: r.author_name, at: r.at.toISOString(), editedAt: r.edited_at?.toISOString() ?? null }));
}

/** The contract's shape of a note (section 5a). */
export const contractNote = (n: NoteView) => ({ noteId: n.noteId, text: n.text, authorId: n.authorId, at: n.at });
