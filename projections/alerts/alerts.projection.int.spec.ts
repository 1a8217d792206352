import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ALERTS_PUSH } from '../../src/modules/alerts/alerts.events';
import type { ListingEvent } from '../../src/modules/listings/listings.events';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
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
const priceCut = (pdid: string, transactionId?: bigint): GivenEvent & ListingEvent => ({
  type: 'ListingPriceChanged',
  data: { pdid, ListPrice: 450_000, previousListPrice: 500_000, ModificationTimestamp: null },
  ...(transactionId ? { transactionId } : {}),
});
const changesOf = 'SELECT kind, detail FROM alert_changes WHERE pdid = $1';
/** The dispatcher reads on a connection of its own (it locks what it matches). */
const onClient = async <T>(pool: pg.Pool, read: (client: pg.ClientBase) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    return await read(client);
  } finally {
    client.release();
  }
};

describe('alerts read model (the property alerts dispatcher’s state and work)', () => {
  const spec = projectionSpecification(alertsProjection);

  it('given a saved search and a favourite, when the home’s price drops, then the change is queued for the dispatcher, which is woken; a rise is no news', () =>
    spec
      .given(search, favourite('NW-1'))
      .when(priceCut('NW-1'), {
        type: 'ListingPriceChanged',
        data: { pdid: 'NW-1', ListPrice: 480_000, previousListPrice: 450_000, ModificationTimestamp: null },
      })
      .then(async ({ pool, rows, signals }) => {
        expect(await rows(changesOf, ['NW-1'])).toEqual([{ kind: 'price-reduced', detail: { from: 500_000, to: 450_000 } }]);
        expect(signals).toEqual([{ signal: ALERTS_PUSH, payload: { queued: 1 } }]);
        expect((await onClient(pool, (c) => favoritesOf(c, ['NW-1']))).map((f) => f.lead_id)).toEqual([LEAD]);
        expect((await onClient(pool, (c) => alertSearchChanges(c, 0n, 10))).map((c) => [c.search_id, c.frequency, c.deleted])).toEqual([
          [specId(4), 'instant', false],
        ]);
      }));

  it('given nothing, when one record relists a sold home at a lower price (one append), then the lead hears of it once, back on the market and cheaper', () =>
    spec
      .given()
      .when(
        {
          type: 'ListingStatusChanged',
          data: { pdid: 'NW-2', StandardStatus: 'Active', previousStatus: 'Closed', ClosePrice: null, CloseDate: null, ModificationTimestamp: null },
          transactionId: 77n,
        },
        priceCut('NW-2', 77n),
      )
      .then(async ({ rows }) =>
        expect(await rows(changesOf, ['NW-2'])).toEqual([
          { kind: 'back-on-market', detail: { also: [{ kind: 'price-reduced', detail: { from: 500_000, to: 450_000 } }] } },
        ]),
      ));

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
