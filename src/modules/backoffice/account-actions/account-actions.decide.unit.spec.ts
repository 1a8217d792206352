import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { type AccountAdmin, evolveAccountAdmin, initialAccountAdmin } from '../account-admin';
import type { BackofficeEvent } from '../backoffice.events';
import { decideAddNote, decideLink, decideMerge, decideUnlink, decideUnmerge, MERGE_MESSAGES } from './account-actions.decide';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const lead = (userId: string) => ({ userId, securityLevel: 5 });
const FOLD = { mergedLeadId: 'lead-of-b', survivorLeadId: 'lead-of-a', mergedName: 'Bea Duplicate' };
const fold = (events: readonly BackofficeEvent[], from = initialAccountAdmin()) => events.reduce(evolveAccountAdmin, from);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? [err.code, err.message] : err;
  }
  return 'accepted';
};

describe('merge and unmerge (given / when / then)', () => {
  it('given two accounts, when merged, then each stream gets AccountsMerged naming both and the reason', () => {
    const [onA, onB] = decideMerge({ mergeId: 'm1', survivor: lead(A), merged: lead(B), reason: ' duplicate ', leads: [FOLD] }, [
      initialAccountAdmin(),
      initialAccountAdmin(),
    ]);
    expect(onA).toEqual([{ type: 'AccountsMerged', data: { userId: A, mergeId: 'm1', survivorId: A, mergedId: B, reason: 'duplicate', leads: [FOLD] } }]);
    expect(onB).toEqual([{ type: 'AccountsMerged', data: { userId: B, mergeId: 'm1', survivorId: A, mergedId: B, reason: 'duplicate', leads: [FOLD] } }]);
    expect(fold(onA!).absorbed).toEqual([{ userId: B, mergeId: 'm1' }]);
    expect(fold(onB!).mergedInto).toEqual({ userId: A, mergeId: 'm1' });
  });

  it('refuses a merge into itself, across levels, of staff, twice, without a reason, or of a survivor with absorbed accounts', () => {
    const none = [initialAccountAdmin(), initialAccountAdmin()];
    expect(refusal(() => decideMerge({ mergeId: 'm', survivor: lead(A), merged: lead(A), reason: 'r', leads: [] }, none))).toEqual([
      'validation',
      MERGE_MESSAGES.self,
    ]);
    expect(refusal(() => decideMerge({ mergeId: 'm', survivor: lead(A), merged: { userId: B, securityLevel: 10 }, reason: 'r', leads: [] }, none))).toEqual([
      'validation',
      MERGE_MESSAGES.level,
    ]);
    expect(
      refusal(() =>
        decideMerge({ mergeId: 'm', survivor: { userId: A, securityLevel: 25 }, merged: { userId: B, securityLevel: 25 }, reason: 'r', leads: [] }, none),
      ),
    ).toEqual(['forbidden', MERGE_MESSAGES.staff]);
    expect(refusal(() => decideMerge({ mergeId: 'm', survivor: lead(A), merged: lead(B), reason: '  ', leads: [] }, none))).toEqual([
      'validation',
      'Please give a reason',
    ]);
    const merged: AccountAdmin = { ...initialAccountAdmin(), mergedInto: { userId: A, mergeId: 'm0' } };
    expect(refusal(() => decideMerge({ mergeId: 'm', survivor: lead(A), merged: lead(B), reason: 'r', leads: [] }, [initialAccountAdmin(), merged]))).toEqual([
      'conflict',
      MERGE_MESSAGES.alreadyMerged,
    ]);
    const absorbing: AccountAdmin = { ...initialAccountAdmin(), absorbed: [{ userId: 'x', mergeId: 'm0' }] };
    expect(
      refusal(() => decideMerge({ mergeId: 'm', survivor: lead(A), merged: lead(B), reason: 'r', leads: [] }, [initialAccountAdmin(), absorbing])),
    ).toEqual(['conflict', MERGE_MESSAGES.hasAbsorbed]);
    expect(refusal(() => decideUnmerge({ survivorId: A, mergedId: B, reason: 'r' }, none))).toEqual(['conflict', MERGE_MESSAGES.notMerged]);
  });

  it('merge then unmerge folds both accounts back to exactly what they were, whatever they held', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('note' as const), text: fc.string({ minLength: 1 }).filter((s) => s.trim() !== '') }),
      fc.record({ kind: fc.constant('link' as const), other: fc.uuid() }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 5 }), fc.array(action, { maxLength: 5 }), (onA, onB) => {
        const history = (userId: string, actions: typeof onA) =>
          actions.flatMap((x, i): BackofficeEvent[] =>
            x.kind === 'note'
              ? decideAddNote({ userId, noteId: `n${i}`, text: x.text, reason: 'r' })
              : [{ type: 'AccountsLinked', data: { userId, otherUserId: x.other, relation: 'team', reason: 'r' } }],
          );
        const a0 = fold(history(A, onA));
        const b0 = fold(history(B, onB));
        const [ma, mb] = decideMerge({ mergeId: 'm1', survivor: lead(A), merged: lead(B), reason: 'r', leads: [FOLD] }, [a0, b0]);
        const a1 = fold(ma!, a0);
        const b1 = fold(mb!, b0);
        const [ua, ub] = decideUnmerge({ survivorId: A, mergedId: B, reason: 'r' }, [a1, b1]);
        expect(fold(ua!, a1)).toEqual(a0);
        expect(fold(ub!, b1)).toEqual(b0);
      }),
    );
  });
});

describe('notes and links', () => {
  it('a note needs text and a reason', () => {
    expect(refusal(() => decideAddNote({ userId: A, noteId: 'n', text: ' ', reason: 'r' }))).toEqual(['validation', 'Please enter a note']);
    expect(decideAddNote({ userId: A, noteId: 'n', text: ' hi ', reason: 'call' })).toEqual([
      { type: 'AccountNoteAdded', data: { userId: A, noteId: 'n', text: 'hi', reason: 'call' } },
    ]);
  });

  it('links both ways once; unlinks only what is linked', () => {
    const [la, lb] = decideLink({ userId: A, otherUserId: B, relation: 'team', reason: 'r' }, [initialAccountAdmin(), initialAccountAdmin()]);
    const a = fold(la!);
    const b = fold(lb!);
    expect(a.links).toEqual([{ userId: B, relation: 'team' }]);
    expect(b.links).toEqual([{ userId: A, relation: 'team' }]);
    expect(refusal(() => decideLink({ userId: A, otherUserId: B, relation: 'team', reason: 'r' }, [a, b]))).toEqual([
      'conflict',
      'These accounts are already linked',
    ]);
    const [ua] = decideUnlink({ userId: A, otherUserId: B, reason: 'r' }, [a, b]);
    expect(fold(ua!, a).links).toEqual([]);
    expect(refusal(() => decideUnlink({ userId: A, otherUserId: B, reason: 'r' }, [initialAccountAdmin()]))).toEqual([
      'conflict',
      'These accounts are not linked',
    ]);
  });
});
