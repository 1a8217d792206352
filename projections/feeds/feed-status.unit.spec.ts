import { describe, expect, it } from 'vitest';
import type { FeedEvent, FeedSyncEvent } from '../../src/modules/feeds/feeds.events';
import { evolveFeedStatus, initialFeedStatus } from './feed-status';

const sealed = { v: 1 as const, iv: 'i', tag: 't', data: 'SEALED' };
const counts = (n: number) => ({ fetched: n, imported: n, changed: 0, unchanged: 0, deleted: 0, rejected: 0 });
const cp = (ts: string) => ({ ModificationTimestamp: ts, keys: ['K'] });

describe('feed status (the read model fold the CLI and the back-office read)', () => {
  const fold = (events: [FeedEvent | FeedSyncEvent, string][]) => events.reduce((s, [e, at]) => evolveFeedStatus(s, e, at), initialFeedStatus('MRED'));
  const configured: FeedEvent = {
    type: 'FeedConfigured',
    data: {
      name: 'MRED',
      settings: {
        url: 'https://x.test',
        auth: { kind: 'oauth2', tokenUrl: 'https://x.test/t', clientId: 'c', scope: null, clientSecret: sealed },
        resources: ['Property'],
        timeZone: 'UTC',
        pageSize: 100,
        pollIntervalSeconds: 900,
        filter: null,
        paging: 'auto',
        disclaimer: null,
      },
    },
  };

  it('keeps settings without the secret, live counts while running, and the last sync once it ends', () => {
    const s = fold([
      [configured, '2024-01-01T00:00:00Z'],
      [{ type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's1', kind: 'sync', full: true, checkpoint: null } }, '2024-01-01T00:01:00Z'],
      [
        {
          type: 'FeedCheckpointAdvanced',
          data: {
            name: 'MRED',
            syncId: 's1',
            checkpoint: cp('2023-12-31T00:00:00.000Z'),
            batch: counts(1000),
            expectedTotal: 1500,
            errors: [{ key: 'K9', message: 'bad' }],
          },
        },
        '2024-01-01T00:01:10Z',
      ],
    ]);
    expect(JSON.stringify(s)).not.toContain('SEALED');
    expect(s.settings!.auth).toEqual({ kind: 'oauth2', tokenUrl: 'https://x.test/t', clientId: 'c', scope: null, hasSecret: true });
    expect(s.running).toMatchObject({ syncId: 's1', counts: counts(1000), expectedTotal: 1500 });
    expect(s.recordErrors).toEqual([{ key: 'K9', message: 'bad' }]);
    const done = evolveFeedStatus(
      s,
      {
        type: 'FeedSyncCompleted',
        data: { name: 'MRED', syncId: 's1', kind: 'sync', counts: counts(1500), durationMs: 3000, checkpoint: cp('2024-01-01T00:00:00.000Z'), warnings: [] },
      },
      '2024-01-01T00:01:30Z',
    );
    expect(done).toMatchObject({
      running: null,
      lastSyncAt: '2024-01-01T00:01:30Z',
      lastSuccessAt: '2024-01-01T00:01:30Z',
      counts: counts(1500),
      lastDurationMs: 3000,
      newestModificationTimestamp: '2024-01-01T00:00:00.000Z',
      lastError: null,
    });
  });

  it('a failed run shows its error and keeps the last success; a run cut short is named when the next starts; a success clears the error', () => {
    const failed = fold([
      [configured, '2024-01-01T00:00:00Z'],
      [{ type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's1', kind: 'sync', full: true, checkpoint: null } }, '2024-01-01T00:01:00Z'],
      [
        {
          type: 'FeedSyncCompleted',
          data: { name: 'MRED', syncId: 's1', kind: 'sync', counts: counts(5), durationMs: 10, checkpoint: cp('2024-01-01T00:00:00.000Z'), warnings: [] },
        },
        '2024-01-01T00:01:01Z',
      ],
      [
        { type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's2', kind: 'sync', full: false, checkpoint: cp('2024-01-01T00:00:00.000Z') } },
        '2024-01-01T00:16:00Z',
      ],
      [
        {
          type: 'FeedSyncFailed',
          data: {
            name: 'MRED',
            syncId: 's2',
            kind: 'sync',
            message: 'HTTP 503 from https://x.test/Property, still after 6 attempts',
            counts: counts(0),
            durationMs: 20,
            checkpoint: cp('2024-01-01T00:00:00.000Z'),
          },
        },
        '2024-01-01T00:16:01Z',
      ],
    ]);
    expect(failed).toMatchObject({ lastSyncAt: '2024-01-01T00:16:01Z', lastSuccessAt: '2024-01-01T00:01:01Z', lastError: expect.stringMatching(/HTTP 503/) });
    const cut = fold([
      [configured, '2024-01-01T00:00:00Z'],
      [{ type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's1', kind: 'sync', full: true, checkpoint: null } }, '2024-01-01T00:01:00Z'],
      [{ type: 'FeedSyncStarted', data: { name: 'MRED', syncId: 's2', kind: 'sync', full: false, checkpoint: null } }, '2024-01-01T00:05:00Z'],
    ]);
    expect(cut.lastError).toMatch(/sync started at 2024-01-01T00:01:00Z stopped before it finished/);
    expect(cut.running!.syncId).toBe('s2');
    const reconciled = evolveFeedStatus(
      cut,
      {
        type: 'FeedSyncCompleted',
        data: { name: 'MRED', syncId: 's2', kind: 'reconcile', counts: { ...counts(0), deleted: 4 }, durationMs: 5, checkpoint: null, warnings: [] },
      },
      '2024-01-01T00:06:00Z',
    );
    expect(reconciled).toMatchObject({ lastError: null, lastReconcileAt: '2024-01-01T00:06:00Z', lastReconcileDeleted: 4, lastSyncAt: null });
  });
});
