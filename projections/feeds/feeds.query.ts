import type pg from 'pg';
import type { FeedRunning, FeedView } from '../../src/contract/feeds';
import type { FeedStatus } from './feed-status';

/** Every feed not removed, by name, as GET /api/backoffice/feeds answers it (lag as of `now`). */
export async function listFeeds(pool: pg.Pool, now: Date = new Date()): Promise<FeedView[]> {
  const { rows } = await pool.query<{ status: FeedStatus }>(`SELECT status FROM feeds WHERE NOT coalesce((status->>'removed')::boolean, false) ORDER BY name`);
  return rows.filter((r) => r.status.settings !== null).map((r) => feedView(r.status, now));
}

export function feedView(s: FeedStatus, now: Date): FeedView {
  const newest = s.newestModificationTimestamp ? Date.parse(s.newestModificationTimestamp) : Number.NaN;
  return {
    name: s.name,
    url: s.settings!.url,
    lastSyncAt: s.lastSyncAt,
    lastSuccessAt: s.lastSuccessAt,
    counts: s.counts,
    lagSeconds: Number.isNaN(newest) ? null : Math.max(0, Math.round((now.getTime() - newest) / 1000)),
    lastError: s.lastError,
    lastDurationMs: s.lastDurationMs,
    newestModificationTimestamp: s.newestModificationTimestamp,
    lastReconcileAt: s.lastReconcileAt,
    lastReconcileDeleted: s.lastReconcileDeleted,
    recordErrors: s.recordErrors,
    warnings: s.warnings,
    running: s.running,
    interrupted: null,
    settings: s.settings!,
  };
}

export type FeedSchedule = {
  readonly name: string;
  readonly pollIntervalSeconds: number;
  readonly lastStartedAt: string | null;
  readonly lastReconcileAt: string | null;
  readonly lastReconcileStartedAt: string | null;
  /** The run the log shows started and not ended: still running somewhere, or cut short by its process's death. */
  readonly openRun: FeedRunning['kind'] | null;
};

/** What the scheduler needs of every feed that is not removed. */
export async function feedSchedules(pool: pg.Pool): Promise<FeedSchedule[]> {
  const { rows } = await pool.query<{ status: FeedStatus }>(`SELECT status FROM feeds ORDER BY name`);
  return rows
    .filter((r) => !r.status.removed && r.status.settings !== null)
    .map(({ status: s }) => ({
      name: s.name,
      pollIntervalSeconds: s.settings!.pollIntervalSeconds,
      lastStartedAt: s.lastStartedAt,
      lastReconcileAt: s.lastReconcileAt,
      lastReconcileStartedAt: s.lastReconcileStartedAt,
      openRun: s.running?.kind ?? null,
    }));
}

/** Each named feed's IDX disclaimer (null: the default text) and the time of its last successful sync. */
export async function feedAttributions(
  pool: pg.Pool,
  names: readonly string[],
): Promise<Map<string, { disclaimer: string | null; lastSyncAt: string | null }>> {
  return (await feedAttributionsWhole(pool, names)).found;
}

/**
 * The attributions as feedAttributions reads them, and whether the feeds read model had then
 * applied every event committed to the log (`whole`): if it had, they stay true until the next
 * append. One statement.
 */
export async function feedAttributionsWhole(
  pool: pg.Pool,
  names: readonly string[],
): Promise<{ found: Map<string, { disclaimer: string | null; lastSyncAt: string | null }>; whole: boolean }> {
  const { rows } = await pool.query<{ statuses: FeedStatus[]; whole: boolean }>(
    `SELECT
       (SELECT coalesce(json_agg(status), '[]') FROM feeds WHERE name = ANY($1::text[]) AND NOT coalesce((status->>'removed')::boolean, false)) AS statuses,
       coalesce((SELECT (c.transaction_id, c.global_position) >= (e.transaction_id, e.global_position)
                 FROM projection_checkpoints c,
                      (SELECT transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
                 WHERE c.name = 'feeds'), NOT EXISTS (SELECT FROM events)) AS whole`,
    [names],
  );
  const statuses = rows[0]!.statuses;
  return {
    found: new Map(statuses.filter((s) => s.settings !== null).map((s) => [s.name, { disclaimer: s.settings!.disclaimer, lastSyncAt: s.lastSuccessAt }])),
    whole: rows[0]!.whole,
  };
}
