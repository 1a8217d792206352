import type { Decider } from '../../../commands/decider';
import { assertNever, forbidden, notFound } from '../../../shared/errors';
import type { LeadNoteEvent } from '../leads.events';

/** The notes of one lead, as `leadnotes-{leadId}` says: who wrote each, and whether it is gone. */
export type LeadNotes = ReadonlyMap<string, { readonly authorId: string; readonly text: string; readonly deleted: boolean }>;

export const NOTE_NOT_FOUND = 'Note not found';
export const ONLY_AUTHOR_EDITS = 'Only the author edits a note';
export const ONLY_AUTHOR_OR_OFFICE_DELETES = 'Only the author, the broker or staff delete a note';

/**
 * The caller checked that the writer may see the lead. `moderates`: the office's broker or staff,
 * who may delete anyone's note (a note is the office's record) but never put words in it.
 */
export type NoteCommand =
  | {
      readonly kind: 'write';
      readonly leadId: string;
      readonly siteId: string;
      readonly noteId: string;
      readonly text: string;
      readonly authorId: string;
      readonly authorName: string;
    }
  | { readonly kind: 'edit'; readonly leadId: string; readonly siteId: string; readonly noteId: string; readonly text: string; readonly byUserId: string }
  | {
      readonly kind: 'delete';
      readonly leadId: string;
      readonly siteId: string;
      readonly noteId: string;
      readonly byUserId: string;
      readonly moderates: boolean;
    };

export function evolveNotes(s: LeadNotes, e: LeadNoteEvent): LeadNotes {
  const next = new Map(s);
  switch (e.type) {
    case 'LeadNoteWritten':
      next.set(e.data.noteId, { authorId: e.data.authorId, text: e.data.text, deleted: false });
      return next;
    case 'LeadNoteEdited': {
      const n = s.get(e.data.noteId);
      if (n) next.set(e.data.noteId, { ...n, text: e.data.text });
      return next;
    }
    case 'LeadNoteDeleted': {
      const n = s.get(e.data.noteId);
      if (n) next.set(e.data.noteId, { ...n, deleted: true });
      return next;
    }
    default:
      return assertNever(e);
  }
}

/** A repeat of what is already so (the same text, a second delete of the author's own) appends nothing. */
export function decideNote(c: NoteCommand, s: LeadNotes): LeadNoteEvent[] {
  const note = s.get(c.noteId);
  const { leadId, siteId, noteId } = c;
  switch (c.kind) {
    case 'write':
      if (note) return [];
      return [{ type: 'LeadNoteWritten', data: { leadId, siteId, noteId, text: c.text, authorId: c.authorId, authorName: c.authorName } }];
    case 'edit':
      if (!note || note.deleted) throw notFound(NOTE_NOT_FOUND);
      if (note.authorId !== c.byUserId) throw forbidden(ONLY_AUTHOR_EDITS);
      return note.text === c.text ? [] : [{ type: 'LeadNoteEdited', data: { leadId, siteId, noteId, text: c.text, byUserId: c.byUserId } }];
    case 'delete':
      if (!note) throw notFound(NOTE_NOT_FOUND);
      if (note.authorId !== c.byUserId && !c.moderates) throw forbidden(ONLY_AUTHOR_OR_OFFICE_DELETES);
      return note.deleted ? [] : [{ type: 'LeadNoteDeleted', data: { leadId, siteId, noteId, byUserId: c.byUserId } }];
    default:
      return assertNever(c);
  }
}

export const notesDecider: Decider<LeadNotes, NoteCommand, LeadNoteEvent> = { initialState: () => new Map(), evolve: evolveNotes, decide: decideNote };
