import { describe, expect, it } from 'vitest';
import type { FeedEvent, FeedSyncEvent } from '../../src/modules/feeds/feeds.events';
import { projectionSpecification } from '../../tests/support/projection-specification';
import { feedAttributions, feedSchedules, feedsProjection, listFeeds } from './index';

const configured = (name: string): FeedEvent => ({
  type: 'FeedConfigured',
  data: {
    name,
    settings: {
      url: `https://${name.toLowerCase()}.test/odata`,
      auth: { kind: 'bearer', token: { v: 1, iv: 'i', tag: 't', data: 'SEALED' } },
      resources: ['Property'],
      timeZone: 'UTC',
      pageSize: 100,
      pollIntervalSeconds: 900,
      filter: null,
      paging: 'auto',
      disclaimer: `Listings courtesy of ${name}`,
    },
  },
});
const counts = (n: number) => ({ fetched: n, imported: n, changed: 0, unchanged: 0, deleted: 0, rejected: 0 });
const started: FeedSyncEvent = { type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's1', kind: 'sync', full: true, checkpoint: null } };
const completed: FeedSyncEvent = {
  type: 'FeedSyncCompleted',
  data: {
    name: 'MRED',
    syncId: 's1',
    kind: 'sync',
    counts: counts(40),
    durationMs: 1200,
    checkpoint: { ModificationTimestamp: '2026-03-02T14:00:00.000Z', keys: ['K1'] },
    warnings: [],
  },
};

describe('feeds read model (the back office’s Feeds tab and the scheduler)', () => {
  const spec = projectionSpecification(feedsProjection);

  it('given two feeds, when one syncs, then the tab lists both without secrets, with the run’s counts and lag, and staff see each step', () =>
    spec
      .given(configured('MRED'), configured('CRMLS'))
      .when(started, completed)
      .then(async ({ pool, pushes }) => {
        const feeds = await listFeeds(pool, new Date('2026-03-02T15:00:00.000Z'));
        expect(feeds.map((f) => f.name)).toEqual(['CRMLS', 'MRED']);
        expect(feeds[1]).toMatchObject({ counts: counts(40), lastSuccessAt: '2026-03-02T15:04:00.000Z', lagSeconds: 3600, running: null });
        expect(JSON.stringify(feeds)).not.toContain('SEALED');
        expect(pushes.map((p) => p.name === 'feed.progress' && p.payload.phase)).toEqual(['started', 'completed']);
      }));

  it('given a sync started and never ended, then the scheduler sees the open run; a removed feed is neither scheduled nor credited', () =>
    spec
      .given(configured('MRED'), configured('CRMLS'), started)
      .when({ type: 'FeedRemoved', data: { name: 'CRMLS' } })
      .then(async ({ pool }) => {
        expect(await feedSchedules(pool)).toMatchObject([{ name: 'MRED', pollIntervalSeconds: 900, openRun: 'sync' }]);
        expect(await feedAttributions(pool, ['MRED', 'CRMLS'])).toEqual(new Map([['MRED', { disclaimer: 'Listings courtesy of MRED', lastSyncAt: null }]]));
      }));
});
