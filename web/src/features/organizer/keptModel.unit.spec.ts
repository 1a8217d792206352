import { describe, expect, it } from 'vitest';
import type { OrganizerHeaders } from '../../api/organizer';
import { EMPTY_STATE, isKnown, keptOf, noteSummary, NOTHING_KEPT, withAnswer, withChange, withPending } from './keptModel';
import { briefOf, favoritesOf, listingsIn, notebooksOf, withFiled, withFocus, withNotebook, withUnfiled } from './keptNotebooks';

const NB1 = '00000000-0000-4000-8000-000000000001';
const NB2 = '00000000-0000-4000-8000-000000000002';
const answer = (listings: OrganizerHeaders['listings'], notebooks: OrganizerHeaders['notebooks'] = []): OrganizerHeaders => ({ listings, notebooks });
const row = (pdid: string, k: Partial<typeof NOTHING_KEPT> = {}) => ({ pdid, ...NOTHING_KEPT, ...k });

describe('kept listings: the server answer', () => {
  it('a listing asked about but absent from the answer keeps nothing; one never asked is unknown', () => {
    const s = withAnswer(EMPTY_STATE, ['A', 'B'], answer([row('A', { favorite: true, note: 'Big yard' })]));
    expect(keptOf(s, 'A')).toEqual({ favorite: true, note: 'Big yard', opinion: null, notebooks: [] });
    expect(keptOf(s, 'B')).toEqual(NOTHING_KEPT);
    expect([isKnown(s, 'B'), isKnown(s, 'C')]).toEqual([true, false]);
  });

  it('a later page adds to what is known; an answer for everything replaces it', () => {
    let s = withAnswer(EMPTY_STATE, ['A'], answer([row('A', { favorite: true })]));
    s = withAnswer(s, ['B'], answer([row('B', { opinion: 'like' })]));
    expect(favoritesOf(s)).toEqual(['A']);
    expect(keptOf(s, 'B').opinion).toBe('like');
    s = withAnswer(s, null, answer([row('C', { favorite: true })]));
    expect(favoritesOf(s)).toEqual(['C']);
    expect(keptOf(s, 'A')).toEqual(NOTHING_KEPT);
  });
});

describe('kept listings: changes made here', () => {
  it('show at once and survive a stale answer until an answer shows them', () => {
    let s = withAnswer(EMPTY_STATE, ['A'], answer([]));
    s = withChange(s, 'A', { favorite: true });
    s = withChange(s, 'A', { note: 'Near the park' });
    expect(keptOf(s, 'A')).toMatchObject({ favorite: true, note: 'Near the park' });
    // The projection has the favourite but not the note yet.
    s = withAnswer(s, ['A'], answer([row('A', { favorite: true })]));
    expect(keptOf(s, 'A')).toMatchObject({ favorite: true, note: 'Near the park' });
    expect(s.pending.get('A')).toEqual({ note: 'Near the park' });
    s = withAnswer(s, ['A'], answer([row('A', { favorite: true, note: 'Near the park' })]));
    expect(s.pending.has('A')).toBe(false);
  });

  it('an answer about other listings leaves a change alone', () => {
    const s = withAnswer(withChange(EMPTY_STATE, 'A', { favorite: true }), ['B'], answer([]));
    expect(keptOf(s, 'A').favorite).toBe(true);
  });

  it('a failed change is rolled back to what was pending before', () => {
    const before = withChange(EMPTY_STATE, 'A', { opinion: 'like' });
    const tried = withChange(before, 'A', { favorite: true });
    const back = withPending(tried, 'A', before.pending.get('A'));
    expect(keptOf(back, 'A')).toEqual({ ...NOTHING_KEPT, opinion: 'like' });
    expect(withPending(back, 'A', undefined).pending.has('A')).toBe(false);
  });

  it('filing in a notebook is confirmed once the answer holds every notebook filed here', () => {
    let s = withAnswer(EMPTY_STATE, ['A'], answer([row('A', { notebooks: [NB1] })], [{ notebookId: NB1, name: 'Weekend', focused: false }]));
    s = withFiled(s, 'A', NB2);
    expect(listingsIn(s, NB2)).toEqual(['A']);
    s = withAnswer(s, ['A'], answer([row('A', { notebooks: [NB1] })]));
    expect(s.pending.get('A')).toEqual({ notebooks: [NB1, NB2] });
    s = withAnswer(s, ['A'], answer([row('A', { notebooks: [NB2, NB1] })]));
    expect(s.pending.has('A')).toBe(false);
  });

  it('taking out of a notebook shows at once and survives a stale answer until an answer no longer has it there', () => {
    let s = withAnswer(EMPTY_STATE, ['A'], answer([row('A', { favorite: true, notebooks: [NB1, NB2] })]));
    s = withUnfiled(s, 'A', NB1);
    expect(keptOf(s, 'A')).toMatchObject({ favorite: true, notebooks: [NB2] });
    expect(listingsIn(s, NB1)).toEqual([]);
    s = withAnswer(s, ['A'], answer([row('A', { favorite: true, notebooks: [NB1, NB2] })]));
    expect(keptOf(s, 'A').notebooks).toEqual([NB2]);
    s = withAnswer(s, ['A'], answer([row('A', { favorite: true, notebooks: [NB2] })]));
    expect(s.pending.has('A')).toBe(false);
    expect(keptOf(s, 'A').notebooks).toEqual([NB2]);
  });

  it('filed then taken out here, or taken out then filed again, shows the last, whatever the server has seen so far', () => {
    const start = withAnswer(EMPTY_STATE, ['A'], answer([row('A')]));
    let s = withUnfiled(withFiled(start, 'A', NB1), 'A', NB1);
    expect(keptOf(s, 'A').notebooks).toEqual([]);
    // The filing is projected, the taking out not yet.
    s = withAnswer(s, ['A'], answer([row('A', { notebooks: [NB1] })]));
    expect(keptOf(s, 'A').notebooks).toEqual([]);
    s = withAnswer(s, ['A'], answer([row('A')]));
    expect(s.pending.has('A')).toBe(false);

    const filedAgain = withFiled(withUnfiled(withAnswer(EMPTY_STATE, ['A'], answer([row('A', { notebooks: [NB1] })])), 'A', NB1), 'A', NB1);
    expect(filedAgain.pending.get('A')).toEqual({ notebooks: [NB1] });
    // The taking out is projected, the filing again not yet.
    expect(keptOf(withAnswer(filedAgain, ['A'], answer([row('A')])), 'A').notebooks).toEqual([NB1]);
  });

  it('a refused taking out is rolled back', () => {
    const before = withAnswer(EMPTY_STATE, ['A'], answer([row('A', { notebooks: [NB1] })]));
    const tried = withUnfiled(before, 'A', NB1);
    expect(keptOf(withPending(tried, 'A', before.pending.get('A')), 'A').notebooks).toEqual([NB1]);
  });
});

describe('briefs', () => {
  it('come from answers that carry them (null: no longer listed), and stay when a later answer carries none', () => {
    const brief = {
      address: '1 First Ave',
      city: 'Kent',
      state: 'WA',
      zip: '98032',
      price: 500_000,
      forRent: false,
      beds: 3,
      baths: 2,
      status: 'Active',
      photo: '/p.jpg',
    };
    let s = withAnswer(
      EMPTY_STATE,
      null,
      answer([
        { ...row('A', { favorite: true }), listing: brief },
        { ...row('B', { favorite: true }), listing: null },
      ]),
    );
    expect([briefOf(s, 'A'), briefOf(s, 'B'), briefOf(s, 'C')]).toEqual([brief, null, undefined]);
    s = withAnswer(s, ['A'], answer([row('A', { favorite: true })]));
    expect(briefOf(s, 'A')).toEqual(brief);
    expect(keptOf(s, 'A')).toEqual({ ...NOTHING_KEPT, favorite: true });
  });
});

describe('notebooks', () => {
  it('a notebook created here shows until an answer has it; creating it twice keeps one', () => {
    let s = withAnswer(EMPTY_STATE, null, answer([], [{ notebookId: NB1, name: 'Weekend', focused: true }]));
    s = withNotebook(withNotebook(s, { notebookId: NB2, name: 'Schools' }), { notebookId: NB2, name: 'Schools' });
    expect(notebooksOf(s).map((n) => n.name)).toEqual(['Weekend', 'Schools']);
    s = withAnswer(
      s,
      null,
      answer(
        [],
        [
          { notebookId: NB1, name: 'Weekend', focused: true },
          { notebookId: NB2, name: 'Schools', focused: false },
        ],
      ),
    );
    expect(s.newNotebooks).toEqual([]);
    expect(notebooksOf(s)).toHaveLength(2);
  });

  it('focus made here wins over a stale answer, and is dropped when the answer agrees', () => {
    const books = (focused: string | null) => [NB1, NB2].map((id, i) => ({ notebookId: id, name: `N${i}`, focused: id === focused }));
    let s = withFocus(withAnswer(EMPTY_STATE, null, answer([], books(NB1))), NB2);
    expect(
      notebooksOf(s)
        .filter((n) => n.focused)
        .map((n) => n.notebookId),
    ).toEqual([NB2]);
    s = withAnswer(s, null, answer([], books(NB1)));
    expect(s.focus).toBe(NB2);
    s = withAnswer(s, null, answer([], books(NB2)));
    expect(s.focus).toBeUndefined();
    s = withFocus(s, null);
    expect(notebooksOf(s).some((n) => n.focused)).toBe(false);
  });
});

describe('note summary', () => {
  it('keeps whole first words and marks a cut', () => {
    expect(noteSummary('  Close to   the park ')).toBe('Close to the park');
    expect(noteSummary('one two three four five six seven eight nine ten')).toBe('one two three four five six seven eight…');
    expect(noteSummary('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
  });
});
