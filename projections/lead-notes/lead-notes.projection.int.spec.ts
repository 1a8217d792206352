import { describe, expect, it } from 'vitest';
import type { AccountsMerged } from '../../src/modules/backoffice/backoffice.events';
import type { LeadNoteEvent } from '../../src/modules/leads/leads.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification } from '../../tests/support/projection-specification';
import { leadNotesProjection, notesOf } from './index';

const LEAD = '00000000-0000-4000-8000-00000000000a';
const DUPLICATE = '00000000-0000-4000-8000-00000000000b';
const AGENT = '00000000-0000-4000-8000-0000000000a1';
const note = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const written = (noteId: string, text: string, leadId = LEAD): LeadNoteEvent => ({
  type: 'LeadNoteWritten',
  data: { leadId, siteId: 's1', noteId, text, authorId: AGENT, authorName: 'Alice Agent' },
});
const edited = (noteId: string, text: string): LeadNoteEvent => ({
  type: 'LeadNoteEdited',
  data: { leadId: LEAD, siteId: 's1', noteId, text, byUserId: AGENT },
});
const deleted = (noteId: string): LeadNoteEvent => ({ type: 'LeadNoteDeleted', data: { leadId: LEAD, siteId: 's1', noteId, byUserId: AGENT } });

describe('lead notes read model', () => {
  const spec = projectionSpecification(leadNotesProjection);

  it('given two notes, when one is edited, then both are listed newest first, the edited one with its new text and when', () =>
    spec
      .given(written(note(1), 'Pre-approved to 600k'), written(note(2), 'Call Tuesday'))
      .when(edited(note(1), 'Pre-approved to 650k'))
      .then(async ({ pool }) => {
        const notes = await notesOf(pool, LEAD);
        expect(notes.map((n) => [n.noteId, n.text, n.authorName])).toEqual([
          [note(2), 'Call Tuesday', 'Alice Agent'],
          [note(1), 'Pre-approved to 650k', 'Alice Agent'],
        ]);
        expect(notes[1]!.editedAt).toBe('2026-03-02T15:03:00.000Z');
        expect(notes[0]!.editedAt).toBeNull();
      }));

  it('given a note, when it is deleted, then the lead has no notes', () =>
    spec
      .given(written(note(1), 'Call Tuesday'))
      .when(deleted(note(1)))
      .then(async ({ pool }) => expect(await notesOf(pool, LEAD)).toEqual([])));

  it("given a duplicate lead's note, when the accounts are merged, then it shows on the survivor, marked with the duplicate's name", () => {
    const merged: AccountsMerged = {
      type: 'AccountsMerged',
      data: {
        userId: 'u-dup',
        reason: 'Same person',
        mergeId: '00000000-0000-4000-8000-0000000000f1',
        survivorId: 'u-lead',
        mergedId: 'u-dup',
        leads: [{ mergedLeadId: DUPLICATE, survivorLeadId: LEAD, mergedName: 'Ada L.' }],
      },
    };
    return spec
      .given(written(note(1), 'Survivor note'), written(note(2), 'Duplicate note', DUPLICATE))
      .when(merged)
      .then(async ({ pool }) => {
        expect((await notesOf(pool, LEAD)).map((n) => [n.text, n.mergedFrom])).toEqual([
          ['Duplicate note', 'Ada L.'],
          ['Survivor note', undefined],
        ]);
        expect(await notesOf(pool, DUPLICATE)).toEqual([]);
      });
  });

  it('given notes on two leads, when one person is erased, then only their lead loses its notes', () => {
    const erased: PersonErased = { type: 'PersonErased', data: { userId: 'u-lead', leadIds: [LEAD], byUserId: null, how: 'retention', reason: 'No activity' } };
    return spec
      .given(written(note(1), 'Erase me'), written(note(2), 'Keep me', DUPLICATE))
      .when(erased)
      .then(async ({ rows }) => expect(await rows('SELECT lead_id, text FROM lead_notes')).toEqual([{ lead_id: DUPLICATE, text: 'Keep me' }]));
  });
});
