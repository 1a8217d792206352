import type { FeedProgressPhase } from '../../src/contract/feeds';
import { type FeedEvent, feedEventTypes, type FeedSyncEvent, feedSyncEventTypes } from '../../src/modules/feeds/feeds.events';
import { eventsOf, handledTypes, type Projection } from '../runner/projection';
import { evolveFeedStatus, type FeedStatus, initialFeedStatus } from './feed-status';

type Handled = FeedEvent | FeedSyncEvent;

const PHASE: Record<FeedSyncEvent['type'], FeedProgressPhase> = {
  FeedSyncStarted: 'started',
  FeedCheckpointAdvanced: 'running',
  FeedSyncCompleted: 'completed',
  FeedSyncFailed: 'failed',
};

/**
 * Each feed's status for the back-office and the scheduler: settings without secrets, the last
 * sync and reconcile, counts, the newest timestamp imported, errors, and the run in progress.
 * Every stored batch of a sync (from the server or the CLI, any instance) is pushed to staff as
 * `feed.progress`, which drives the Feeds tab's progress bar.
 */
export const feedsProjection: Projection = {
  name: 'feeds',
  version: 1,
  eventTypes: handledTypes<Handled>()([...feedEventTypes, ...feedSyncEventTypes]),
  tables: ['feeds'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('feeds')} (name text COLLATE "C" PRIMARY KEY, status jsonb NOT NULL, updated_at timestamptz NOT NULL)`);
  },
  async apply(events, { tx, table, push, replaying }) {
    const names = [...new Set(events.map((e) => (e.data as { name: string }).name))];
    const { rows } = await tx.query<{ name: string; status: FeedStatus }>(`SELECT name, status FROM ${table('feeds')} WHERE name = ANY($1::text[])`, [names]);
    const statuses = new Map(rows.map((r) => [r.name, r.status]));
    const progress: { event: FeedSyncEvent; at: string; status: FeedStatus }[] = [];
    for (const e of eventsOf<Handled>(events)) {
      const name = e.data.name;
      const status = evolveFeedStatus(statuses.get(name) ?? initialFeedStatus(name), e, e.metadata.at);
      statuses.set(name, status);
      if (e.type !== 'FeedConfigured' && e.type !== 'FeedRemoved') progress.push({ event: e, at: e.metadata.at, status });
    }
    for (const name of names) {
      await tx.query(
        `INSERT INTO ${table('feeds')} (name, status, updated_at) VALUES ($1, $2, now()) ON CONFLICT (name) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
        [name, JSON.stringify(statuses.get(name))],
      );
    }
    if (replaying) return;
    // Every step of a run, so that a quick sync's start and end both reach the page.
    for (const { event, at, status: s } of progress) {
      const name = s.name;
      const counts = event.type === 'FeedSyncCompleted' || event.type === 'FeedSyncFailed' ? event.data.counts : (s.running?.counts ?? s.counts);
      push({
        to: ['staff'],
        name: 'feed.progress',
        payload: {
          name,
          syncId: event.data.syncId,
          kind: event.type === 'FeedCheckpointAdvanced' ? (s.running?.kind ?? 'sync') : event.data.kind,
          phase: PHASE[event.type],
          counts,
          expectedTotal: s.running?.expectedTotal ?? null,
          message: event.type === 'FeedSyncFailed' ? event.data.message : null,
          at,
        },
      });
    }
  },
};
