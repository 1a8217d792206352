import { describe, expect, it } from 'vitest';
import type { ListingEvent } from '../../src/modules/listings/listings.events';
import { batchedAlike, IN_BULK } from '../../tests/support/batched-alike';
import { mulberry32 } from '../../src/shared/prng';
import { projectionSpecification } from '../../tests/support/projection-specification';
import { searchDoc } from '../../tests/support/search-doc';
import { feedListingsProjection, heldListingCount, listingKeysMissingFrom } from './index';

const listed = (mls: string, key: string): ListingEvent => ({ type: 'ListingListed', data: { pdid: `${mls}-${key}`, mls, listing: searchDoc(key).record } });
const removed = (mls: string, key: string): ListingEvent => ({ type: 'ListingRemoved', data: { pdid: `${mls}-${key}`, ModificationTimestamp: null } });

describe("each feed's listings with us", () => {
  const spec = projectionSpecification(feedListingsProjection);

  it('given listings of two MLSs, when one is removed, then each feed holds its own, less the removed one', () =>
    spec
      .given(listed('NWMLS', 'K1'), listed('NWMLS', 'K-2'), listed('CRMLS', 'K1'))
      .when(removed('NWMLS', 'K1'))
      .then(async ({ pool }) => {
        expect(await heldListingCount(pool, 'NWMLS')).toBe(1);
        expect(await heldListingCount(pool, 'CRMLS')).toBe(1);
        // The key keeps its own dashes: only the first one separates the MLS.
        expect(await listingKeysMissingFrom(pool, 'NWMLS', [])).toEqual(['K-2']);
      }));

  it('given nothing, when a listing is removed and listed again in one batch, then the last event wins: it is held', () =>
    spec
      .given()
      .when(listed('NWMLS', 'K1'), removed('NWMLS', 'K1'), listed('NWMLS', 'K1'))
      .then(async ({ pool }) => expect(await listingKeysMissingFrom(pool, 'NWMLS', ['K9'])).toEqual(['K1'])));

  it("given three listings, when the feed's server still has two keys, then the third is what reconciliation removes", () =>
    spec
      .given(listed('NWMLS', 'K1'), listed('NWMLS', 'K2'), listed('NWMLS', 'K3'))
      .then(async ({ pool }) => expect(await listingKeysMissingFrom(pool, 'NWMLS', ['K1', 'K3'])).toEqual(['K2'])));
});

describe("each feed's listings with us, in batches", () => {
  const feed = batchedAlike(feedListingsProjection);

  it('holds the same keys fed one event at a time as in batches of 9, in one batch of the whole log and in bulk (a first start)', async () => {
    const random = mulberry32(34);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const log = Array.from({ length: 300 }, () => (random() < 0.7 ? listed : removed)(pick(['NWMLS', 'CRMLS']), pick(['K1', 'K-2', 'K3', 'K4', 'K5'])));
    const rows = await feed(log, 'SELECT * FROM feed_listings ORDER BY mls, listing_key', [1, 9, log.length, IN_BULK]);
    expect(rows.get(1)!.length).toBeGreaterThan(3);
    expect(rows.get(9)).toEqual(rows.get(1));
    expect(rows.get(log.length)).toEqual(rows.get(1));
    expect(rows.get(IN_BULK)).toEqual(rows.get(1));
  });
});
