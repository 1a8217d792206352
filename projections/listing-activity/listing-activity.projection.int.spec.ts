import { describe, expect, it } from 'vitest';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { listingActivity, listingActivityProjection } from './index';

const owner = (n: number) => ({ leadId: specId(100 + n), userId: specId(200 + n), siteId: specId(1) });
const on = (at: string, e: Omit<GivenEvent, 'metadata'>): GivenEvent => ({ ...e, metadata: { at } }) as GivenEvent;
const viewed = (n: number, at: string, pdid = 'nw-1') => on(at, { type: 'ListingViewed', data: { ...owner(n), pdid, address: null, price: null } });

// Monday 2026-03-02 and Sunday 2026-03-08 are one ISO week; Monday 2026-03-09 starts the next.
const EVENTS: GivenEvent[] = [
  viewed(1, '2026-03-02T09:00:00Z'),
  viewed(1, '2026-03-08T23:59:00Z'),
  viewed(2, '2026-03-04T10:00:00Z'),
  viewed(1, '2026-03-09T00:01:00Z'),
  viewed(3, '2026-03-04T10:00:00Z', 'nw-2'),
  on('2026-03-03T10:00:00Z', { type: 'ListingFavorited', data: { ...owner(1), pdid: 'nw-1' } }),
  on('2026-03-03T11:00:00Z', { type: 'ListingShared', data: { ...owner(2), pdid: 'nw-1', toEmail: 'f@example.com', message: '' } }),
  on('2026-03-10T11:00:00Z', { type: 'ShowingRequested', data: { ...owner(2), pdid: 'nw-1', preferredAt: '2026-03-12T17:00:00Z', message: '' } }),
];

describe('listing activity read model', () => {
  const spec = projectionSpecification(listingActivityProjection);

  it('counts views, unique visitors, favourites, shares and showing requests per listing and ISO week', () =>
    spec.given(...EVENTS).then(async ({ pool }) => {
      expect(await listingActivity(pool, 'nw-1')).toEqual([
        { week: '2026-03-02', DetailedView: 3, uniqueVisitors: 2, Favorited: 1, Share: 1, showingRequests: 0, SubmissionOfLeadForm: 0 },
        { week: '2026-03-09', DetailedView: 1, uniqueVisitors: 1, Favorited: 0, Share: 0, showingRequests: 1, SubmissionOfLeadForm: 0 },
      ]);
      expect(await listingActivity(pool, 'nw-3')).toEqual([]);
    }));

  it('gives the same rows rebuilt in one batch as built event by event', async () => {
    let live: unknown;
    await spec
      .given(...EVENTS.slice(0, 3))
      .when(...EVENTS.slice(3))
      .then(async ({ pool }) => {
        live = await listingActivity(pool, 'nw-1');
      });
    await spec.given(...EVENTS).then(async ({ pool }) => expect(await listingActivity(pool, 'nw-1')).toEqual(live));
  });
});
