import { describe, expect, it } from 'vitest';
import type { SmartListEvent } from '../../src/modules/insights/insights.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { smartListsOf, smartListsProjection } from './index';

const AGENT = specId(1);
const OTHER = specId(2);
const saved = (listId: string, name: string, filters: Record<string, string | string[]>, userId = AGENT): SmartListEvent => ({
  type: 'SmartListSaved',
  data: { userId, listId, name, filters },
});
const deleted = (listId: string, userId = AGENT): SmartListEvent => ({ type: 'SmartListDeleted', data: { userId, listId } });

describe('smart lists read model', () => {
  const spec = projectionSpecification(smartListsProjection);

  it('given two lists, when the first is renamed and refiltered, then it keeps its place (oldest first) with the new name and filters', () =>
    spec
      .given(saved(specId(11), 'Hot buyers', { stage: 'Hot' }), saved(specId(12), 'New', { stage: 'New' }))
      .when(saved(specId(11), 'Hot and warm', { stage: ['Hot', 'Warm'] }))
      .then(async ({ pool }) =>
        expect(await smartListsOf(pool, AGENT)).toEqual([
          { listId: specId(11), name: 'Hot and warm', filters: { stage: ['Hot', 'Warm'] } },
          { listId: specId(12), name: 'New', filters: { stage: 'New' } },
        ]),
      ));

  it("given a list of each user, when the agent deletes theirs, then it goes and the other user's stays, listed to them only", () =>
    spec
      .given(saved(specId(11), 'Mine', {}), saved(specId(13), 'Theirs', {}, OTHER))
      .when(deleted(specId(11)))
      .then(async ({ pool }) => {
        expect(await smartListsOf(pool, AGENT)).toEqual([]);
        expect((await smartListsOf(pool, OTHER)).map((l) => l.name)).toEqual(['Theirs']);
      }));

  it("given another user's list, when a delete names a different owner, then it stays", () =>
    spec
      .given(saved(specId(13), 'Theirs', {}, OTHER))
      .when(deleted(specId(13), AGENT))
      .then(async ({ pool }) => expect(await smartListsOf(pool, OTHER)).toEqual([{ listId: specId(13), name: 'Theirs', filters: {} }])));
});
