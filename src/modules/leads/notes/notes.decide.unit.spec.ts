import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { LeadNoteEvent } from '../leads.events';
import { decideNote, NOTE_NOT_FOUND, type NoteCommand, notesDecider, ONLY_AUTHOR_EDITS, ONLY_AUTHOR_OR_OFFICE_DELETES } from './notes.decide';

const L = { leadId: 'L1', siteId: 's1' };
const written = (noteId: string, authorId: string, text: string): LeadNoteEvent => ({ type: 'LeadNoteWritten', data: { ...L, noteId, text, authorId, authorName: 'Alice Agent' } });
const edited = (noteId: string, byUserId: string, text: string): LeadNoteEvent => ({ type: 'LeadNoteEdited', data: { ...L, noteId, text, byUserId } });
const deleted = (noteId: string, byUserId: string): LeadNoteEvent => ({ type: 'LeadNoteDeleted', data: { ...L, noteId, byUserId } });
const given = (...events: LeadNoteEvent[]) => fold(notesDecider, events);
const write = (noteId: string, authorId: string, text: string): NoteCommand => ({ kind: 'write', ...L, noteId, text, authorId, authorName: 'Alice Agent' });
const edit = (noteId: string, byUserId: string, text: string): NoteCommand => ({ kind: 'edit', ...L, noteId, text, byUserId });
const del = (noteId: string, byUserId: string, moderates = false): NoteCommand => ({ kind: 'delete', ...L, noteId, byUserId, moderates });

describe('lead notes (given / when / then)', () => {
  it('given no notes, when the agent writes one, then LeadNoteWritten with the author and their name', () => {
    expect(decideNote(write('n1', 'A1', 'Pre-approved to 600k'), given())).toEqual([written('n1', 'A1', 'Pre-approved to 600k')]);
  });

  it('given a note, when the same note id is written again (a retry), then nothing', () => {
    expect(decideNote(write('n1', 'A1', 'Pre-approved to 600k'), given(written('n1', 'A1', 'Pre-approved to 600k')))).toEqual([]);
  });

  it('given the agent\'s note, when the agent rewrites it, then LeadNoteEdited; the same text again appends nothing', () => {
    const s = given(written('n1', 'A1', 'Call Tuesday'));
    expect(decideNote(edit('n1', 'A1', 'Call Wednesday'), s)).toEqual([edited('n1', 'A1', 'Call Wednesday')]);
    expect(decideNote(edit('n1', 'A1', 'Call Tuesday'), s)).toEqual([]);
  });

  it("given the agent's note, when the broker edits it, then refused: only the author edits", () => {
    expect(refused(() => decideNote(edit('n1', 'B', 'x'), given(written('n1', 'A1', 'Call Tuesday'))))).toMatchObject({ code: 'forbidden', message: ONLY_AUTHOR_EDITS });
  });

  it('given a deleted note, when edited, then not found', () => {
    expect(refused(() => decideNote(edit('n1', 'A1', 'x'), given(written('n1', 'A1', 'a'), deleted('n1', 'A1'))))).toMatchObject({ code: 'not_found', message: NOTE_NOT_FOUND });
  });

  it('given no such note, when edited or deleted, then not found', () => {
    expect(refused(() => decideNote(edit('n9', 'A1', 'x'), given()))).toMatchObject({ code: 'not_found', message: NOTE_NOT_FOUND });
    expect(refused(() => decideNote(del('n9', 'A1'), given()))).toMatchObject({ code: 'not_found', message: NOTE_NOT_FOUND });
  });

  it('given the agent\'s note, when the author deletes it, then LeadNoteDeleted; deleting again appends nothing', () => {
    expect(decideNote(del('n1', 'A1'), given(written('n1', 'A1', 'a')))).toEqual([deleted('n1', 'A1')]);
    expect(decideNote(del('n1', 'A1'), given(written('n1', 'A1', 'a'), deleted('n1', 'A1')))).toEqual([]);
  });

  it("given the agent's note, when the broker (or staff) deletes it, then LeadNoteDeleted by them", () => {
    expect(decideNote(del('n1', 'B', true), given(written('n1', 'A1', 'a')))).toEqual([deleted('n1', 'B')]);
  });

  it("given the broker's note, when another agent of the lead deletes it, then refused", () => {
    expect(refused(() => decideNote(del('n1', 'A1'), given(written('n1', 'B', 'a'))))).toMatchObject({ code: 'forbidden', message: ONLY_AUTHOR_OR_OFFICE_DELETES });
  });

  it('given an edited note, when read back, then the state has the new text (edits fold)', () => {
    expect(given(written('n1', 'A1', 'a'), edited('n1', 'A1', 'b')).get('n1')).toEqual({ authorId: 'A1', text: 'b', deleted: false });
  });
});
