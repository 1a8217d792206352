import { type FormEvent, useId, useState } from 'react';
import { MergedFrom } from './MergedFrom';
import { ApiError } from '../../../api/http';
import { NOTE_MAX } from '../../../../../src/contract/tasks';
import type { Role } from '../../../api/dashboardApi';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import { type NoteView, tasksApi } from '../../../api/tasksApi';
import styles from '../../../ui/Tasks.module.css';
import { type Status, StatusLine } from '../../../ui/StatusLine';

type Props = {
  readonly leadId: string;
  readonly notes: readonly NoteView[];
  readonly viewerId: string | null;
  readonly viewerName: string;
  readonly role: Role;
  readonly now: number;
};

/**
 * The office's notes on the lead (never shown to the lead): add; the author edits; the author,
 * the broker or staff delete. Plain text, line breaks kept.
 */
export function LeadNotes({ leadId, notes: initial, viewerId, viewerName, role, now }: Props) {
  const [notes, setNotes] = useState(initial);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ noteId: string; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<Status>(null);
  const id = useId();
  const fail = (fallback: string) => (err: unknown) => setMessage({ error: true, text: err instanceof ApiError ? err.message : fallback });

  const add = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return setMessage({ error: true, text: 'Write something first' });
    tasksApi
      .addNote(leadId, t)
      .then((r) => {
        setNotes((ns) => [
          { noteId: r.noteId, text: t, authorId: viewerId ?? '', authorName: viewerName, at: new Date().toISOString(), editedAt: null },
          ...ns,
        ]);
        setText('');
        setMessage({ error: false, text: 'Note added.' });
      })
      .catch(fail('Could not add the note'));
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const t = editing.text.trim();
    if (!t) return setMessage({ error: true, text: 'A note cannot be empty; delete it instead' });
    tasksApi
      .editNote(leadId, editing.noteId, t)
      .then(() => {
        setNotes((ns) => ns.map((n) => (n.noteId === editing.noteId ? { ...n, text: t, editedAt: new Date().toISOString() } : n)));
        setEditing(null);
        setMessage({ error: false, text: 'Note saved.' });
      })
      .catch(fail('Could not save the note'));
  };
  const remove = (noteId: string) =>
    tasksApi
      .deleteNote(leadId, noteId)
      .then(() => {
        setNotes((ns) => ns.filter((n) => n.noteId !== noteId));
        setConfirming(null);
        setMessage({ error: false, text: 'Note deleted.' });
      })
      .catch(fail('Could not delete the note'));

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h3 id={`${id}-title`}>Notes</h3>
      <p className={styles.hint}>Seen by your office, never by the lead.</p>
      <form className={styles.noteForm} onSubmit={add}>
        <label htmlFor={`${id}-new`}>Add a note</label>
        <textarea id={`${id}-new`} value={text} maxLength={NOTE_MAX} rows={3} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn-primary">
          Add note
        </button>
      </form>
      <StatusLine status={message} />
      {notes.length === 0 ? (
        <p className={styles.empty}>No notes yet.</p>
      ) : (
        <ul className={styles.list}>
          {notes.map((n) => (
            <li key={n.noteId} className={styles.note}>
              <p className={styles.noteMeta}>
                <strong>{n.authorName}</strong> ·{' '}
                <time dateTime={n.at} title={fullDate(n.at)}>
                  {relativeTime(n.at, now)}
                </time>
                {n.editedAt && <span title={fullDate(n.editedAt)}> · edited</span>}
                <MergedFrom name={n.mergedFrom} />
              </p>
              {editing?.noteId === n.noteId ? (
                <form className={styles.noteForm} onSubmit={save}>
                  <label htmlFor={`${id}-edit`}>Edit note</label>
                  <textarea
                    id={`${id}-edit`}
                    value={editing.text}
                    maxLength={NOTE_MAX}
                    rows={3}
                    onChange={(e) => setEditing({ noteId: n.noteId, text: e.target.value })}
                    autoFocus
                  />
                  <div className={styles.row}>
                    <button type="submit" className="btn btn-primary">
                      Save
                    </button>
                    <button type="button" className="btn" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <p className={styles.noteText}>{n.text}</p>
              )}
              {/* A note a merged lead brought is changed on that lead's own notes (after an unmerge). */}
              {editing?.noteId !== n.noteId && !n.mergedFrom && (
                <div className={styles.row}>
                  {n.authorId === viewerId && (
                    <button type="button" className={styles.linkButton} onClick={() => setEditing({ noteId: n.noteId, text: n.text })}>
                      Edit<span className="visually-hidden"> note from {relativeTime(n.at, now)}</span>
                    </button>
                  )}
                  {(n.authorId === viewerId || role !== 'agent') &&
                    (confirming === n.noteId ? (
                      <>
                        <span>Delete this note?</span>
                        <button type="button" className={styles.linkButton} onClick={() => void remove(n.noteId)}>
                          Yes, delete
                        </button>
                        <button type="button" className={styles.linkButton} onClick={() => setConfirming(null)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button type="button" className={styles.linkButton} onClick={() => setConfirming(n.noteId)}>
                        Delete<span className="visually-hidden"> note from {relativeTime(n.at, now)}</span>
                      </button>
                    ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
