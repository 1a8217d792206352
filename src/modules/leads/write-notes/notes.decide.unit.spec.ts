import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { LeadNoteEvent } from '../leads.events';
import { NOTE_NOT_FOUND, type NoteCommand, notesDecider, ONLY_AUTHOR_EDITS, ONLY_AUTHOR_OR_OFFICE_DELETES } from './notes.decide';

const L = { leadId: 'L1', siteId: 's1' };
const written = (noteId: string, authorId: string, text: string): LeadNoteEvent => ({
  type: 'LeadNoteWritten',
  data: { ...L, noteId, text, authorId, authorName: 'Alice Agent' },
});
const edited = (noteId: string, byUserId: string, text: string): LeadNoteEvent => ({ type: 'LeadNoteEdited', data: { ...L, noteId, text, byUserId } });
const deleted = (noteId: string, byUserId: string): LeadNoteEvent => ({ type: 'LeadNoteDeleted', data: { ...L, noteId, byUserId } });
const { given } = deciderSpecification(notesDecider);
const write = (noteId: string, authorId: string, text: string): NoteCommand => ({ kind: 'write', ...L, noteId, text, authorId, authorName: 'Alice Agent' });
const edit = (noteId: string, byUserId: string, text: string): NoteCommand => ({ kind: 'edit', ...L, noteId, text, byUserId });
const del = (noteId: string, byUserId: string, moderates = false): NoteCommand => ({ kind: 'delete', ...L, noteId, byUserId, moderates });

describe('lead notes (given / when / then)', () => {
  it('given no notes, when the agent writes one, then LeadNoteWritten with the author and their name', () => {
    given()
      .when(write('n1', 'A1', 'Pre-approved to 600k'))
      .then([written('n1', 'A1', 'Pre-approved to 600k')]);
  });

  it('given a note, when the same note id is written again (a retry), then nothing', () => {
    given(written('n1', 'A1', 'Pre-approved to 600k'))
      .when(write('n1', 'A1', 'Pre-approved to 600k'))
      .thenNothing();
  });

  it("given the agent's note, when the agent rewrites it, then LeadNoteEdited; the same text again appends nothing", () => {
    given(written('n1', 'A1', 'Call Tuesday'))
      .when(edit('n1', 'A1', 'Call Wednesday'))
      .then([edited('n1', 'A1', 'Call Wednesday')]);
    given(written('n1', 'A1', 'Call Tuesday'))
      .when(edit('n1', 'A1', 'Call Tuesday'))
      .thenNothing();
  });

  it("given the agent's note, when the broker edits it, then refused: only the author edits", () => {
    given(written('n1', 'A1', 'Call Tuesday'))
      .when(edit('n1', 'B', 'x'))
      .thenRefused({ code: 'forbidden', message: ONLY_AUTHOR_EDITS });
  });

  it('given a deleted note, when edited, then not found', () => {
    given(written('n1', 'A1', 'a'), deleted('n1', 'A1'))
      .when(edit('n1', 'A1', 'x'))
      .thenRefused({ code: 'not_found', message: NOTE_NOT_FOUND });
  });

  it('given no such note, when edited or deleted, then not found', () => {
    given()
      .when(edit('n9', 'A1', 'x'))
      .thenRefused({ code: 'not_found', message: NOTE_NOT_FOUND });
    given().when(del('n9', 'A1')).thenRefused({ code: 'not_found', message: NOTE_NOT_FOUND });
  });

  it("given the agent's note, when the author deletes it, then LeadNoteDeleted; deleting again appends nothing", () => {
    given(written('n1', 'A1', 'a'))
      .when(del('n1', 'A1'))
      .then([deleted('n1', 'A1')]);
    given(written('n1', 'A1', 'a'), deleted('n1', 'A1'))
      .when(del('n1', 'A1'))
      .thenNothing();
  });

  it("given the agent's note, when the broker (or staff) deletes it, then LeadNoteDeleted by them", () => {
    given(written('n1', 'A1', 'a'))
      .when(del('n1', 'B', true))
      .then([deleted('n1', 'B')]);
  });

  it("given the broker's note, when another agent of the lead deletes it, then refused", () => {
    given(written('n1', 'B', 'a'))
      .when(del('n1', 'A1'))
      .thenRefused({ code: 'forbidden', message: ONLY_AUTHOR_OR_OFFICE_DELETES });
  });

  it('given a note, when its author edits it, then the state has the new text (edits fold)', () => {
    given(written('n1', 'A1', 'a'))
      .when(edit('n1', 'A1', 'b'))
      .thenState((s) => expect(s.get('n1')).toEqual({ authorId: 'A1', text: 'b', deleted: false }));
  });
});
