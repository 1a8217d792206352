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
  if (names.length === 0) return new Map();
  const { rows } = await pool.query<{ status: FeedStatus }>(
    `SELECT status FROM feeds WHERE name = ANY($1::text[]) AND NOT coalesce((status->>'removed')::boolean, false)`,
    [names],
  );
  return new Map(
    rows
      .filter((r) => r.status.settings !== null)
      .map((r) => [r.status.name, { disclaimer: r.status.settings!.disclaimer, lastSyncAt: r.status.lastSuccessAt }]),
  );
}
