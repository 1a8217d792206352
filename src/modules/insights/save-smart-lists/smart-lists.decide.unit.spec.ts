import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { decideSmartLists, MAX_SMART_LISTS, type SmartListCommand, smartListsDecider } from './smart-lists.decide';
import type { SmartListEvent } from '../smart-lists.events';

const U = 'user-1';
const given = (...events: SmartListEvent[]) => fold(smartListsDecider, events);
const saved = (listId: string, name: string, filters: Record<string, string | string[]> = { tag: 'vip' }): SmartListEvent => ({
  type: 'SmartListSaved',
  data: { userId: U, listId, name, filters },
});
const create = (listId: string, name: string, filters: Record<string, string | string[]> = { tag: 'vip' }): SmartListCommand => ({
  kind: 'create',
  userId: U,
  listId,
  name,
  filters,
});
const update = (listId: string, name: string, filters: Record<string, string | string[]> = { tag: 'vip' }): SmartListCommand => ({
  kind: 'update',
  userId: U,
  listId,
  name,
  filters,
});

describe('smart lists (given / when / then)', () => {
  it('given no lists, when one is created, then SmartListSaved with its name and filters as given', () => {
    expect(decideSmartLists(create('L1', 'VIP buyers', { tag: ['vip', 'buyer'], sort: '-created' }), given())).toEqual([
      { type: 'SmartListSaved', data: { userId: U, listId: 'L1', name: 'VIP buyers', filters: { tag: ['vip', 'buyer'], sort: '-created' } } },
    ]);
  });

  it('given a list "VIP", when the same name and filters are saved again (a retried request), then nothing', () => {
    expect(decideSmartLists(create('L2', 'vip '), given(saved('L1', 'VIP')))).toEqual([]);
    // Whatever order the keys come back in from the store.
    const two = { tag: 'vip', sort: 'name' };
    expect(decideSmartLists(create('L2', 'VIP', { sort: 'name', tag: 'vip' }), given(saved('L1', 'VIP', two)))).toEqual([]);
  });

  it('given a list "VIP", when another list is created as "vip" with other filters, then refused: the name is taken (any case)', () => {
    const err = refused(() => decideSmartLists(create('L2', 'vip', { stage: 'New' }), given(saved('L1', 'VIP'))));
    expect([err.code, err.message]).toEqual(['conflict', 'You already have a smart list named "VIP"']);
  });

  it('given nothing, when a list is named like a default list, then refused', () => {
    const err = refused(() => decideSmartLists(create('L1', 'hot'), given()));
    expect([err.code, err.message]).toEqual(['conflict', '"Hot" is one of the default smart lists; choose another name']);
  });

  it(`given ${MAX_SMART_LISTS} lists, when one more is created, then refused; after one is deleted, then it may be`, () => {
    const many = Array.from({ length: MAX_SMART_LISTS }, (_, i) => saved(`L${i}`, `List ${i}`));
    expect(refused(() => decideSmartLists(create('X', 'One more'), given(...many))).message).toBe(`At most ${MAX_SMART_LISTS} smart lists; delete one first`);
    const fewer = given(...many, { type: 'SmartListDeleted', data: { userId: U, listId: 'L3' } });
    expect(decideSmartLists(create('X', 'One more'), fewer)).toHaveLength(1);
  });

  it('given a list, when it is renamed or refiltered, then SmartListSaved with the same id; unchanged, then nothing', () => {
    const s = given(saved('L1', 'VIP'));
    expect(decideSmartLists(update('L1', 'VIP clients'), s)).toEqual([saved('L1', 'VIP clients')]);
    expect(decideSmartLists(update('L1', 'VIP', { tag: 'vip', sort: 'name' }), s)).toEqual([saved('L1', 'VIP', { tag: 'vip', sort: 'name' })]);
    expect(decideSmartLists(update('L1', 'VIP'), s)).toEqual([]);
    // Its own name in another case is not "taken".
    expect(decideSmartLists(update('L1', 'vip'), s)).toEqual([saved('L1', 'vip')]);
  });

  it('given two lists, when one is renamed to the other’s name, then refused', () => {
    expect(refused(() => decideSmartLists(update('L2', 'VIP'), given(saved('L1', 'VIP'), saved('L2', 'Sellers')))).message).toBe(
      'You already have a smart list named "VIP"',
    );
  });

  it('given no such list (another user’s, or deleted), when it is updated or deleted, then 404', () => {
    const deleted = given(saved('L1', 'VIP'), { type: 'SmartListDeleted', data: { userId: U, listId: 'L1' } });
    for (const c of [update('L1', 'VIP'), { kind: 'delete', userId: U, listId: 'L1' } as const]) {
      const err = refused(() => decideSmartLists(c, deleted));
      expect([err.code, err.message]).toEqual(['not_found', 'No such smart list']);
    }
  });

  it('given a list, when it is deleted, then SmartListDeleted', () => {
    expect(decideSmartLists({ kind: 'delete', userId: U, listId: 'L1' }, given(saved('L1', 'VIP')))).toEqual([
      { type: 'SmartListDeleted', data: { userId: U, listId: 'L1' } },
    ]);
  });
});
