import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { alertSearchChanges, alertsProjection, favoritesOf } from './index';

const LEAD = specId(1);
const owner = { leadId: LEAD, userId: specId(2), siteId: specId(3) };
const search: OrganizerEvent = {
  type: 'SavedSearchSaved',
  data: {
    ...owner,
    searchId: specId(4),
    name: 'Ballard',
    criteria: { city: 'Seattle' },
    searchQs: 'city=Seattle',
    searchTitle: 'Homes in Seattle',
    frequency: 'instant',
  },
};
const favourite = (pdid: string): OrganizerEvent => ({ type: 'ListingFavorited', data: { ...owner, pdid } });
/** The dispatcher reads on a connection of its own (it locks what it matches). */
const onClient = async <T>(pool: pg.Pool, read: (client: pg.ClientBase) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    return await read(client);
  } finally {
    client.release();
  }
};

describe('alerts read model (the property alerts dispatcher’s saved searches and favourites)', () => {
  const spec = projectionSpecification(alertsProjection);

  it('given a saved search, when the home is favourited, then the dispatcher finds the favourite and the search by position', () =>
    spec
      .given(search)
      .when(favourite('NW-1'))
      .then(async ({ pool, signals }) => {
        expect(signals).toEqual([]);
        expect((await onClient(pool, (c) => favoritesOf(c, ['NW-1']))).map((f) => f.lead_id)).toEqual([LEAD]);
        expect((await onClient(pool, (c) => alertSearchChanges(c, 0n, 10))).map((c) => [c.search_id, c.frequency, c.deleted])).toEqual([
          [specId(4), 'instant', false],
        ]);
      }));

  it('given a search and a favourite, when the person is erased, then the search is a tombstone with nothing of what they looked for, and the favourite goes', () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: owner.userId, leadIds: [LEAD], byUserId: null, how: 'self', reason: 'Asked from the account page' },
    };
    return spec
      .given(search, favourite('NW-3'))
      .when(erased)
      .then(async ({ pool }) => {
        expect(await onClient(pool, (c) => favoritesOf(c, ['NW-3']))).toEqual([]);
        expect((await onClient(pool, (c) => alertSearchChanges(c, 0n, 10))).map((c) => [c.deleted, c.criteria])).toEqual([[true, {}]]);
      });
  });
});
