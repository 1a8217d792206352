import { Inject, Injectable } from '@nestjs/common';
import { feedSchedules } from '../../../../projections/feeds';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import type { Runtime } from '../../../runtime/runtime';
import { RUNTIME } from '../../../runtime/tokens';
import { logger } from '../../../shared/logger';
import { FeedBusyError } from '../reso-client/feed-errors';
import { FeedRuns } from './feed-runs.service';

const log = logger('feeds');
/** The key reconciliation runs at least this often. */
export const RECONCILE_EVERY_MS = 24 * 3600_000;

/**
 * Runs every feed on its poll interval, and its key reconciliation daily, in exactly one
 * instance at a time: each run takes the feed's advisory lock, and under it looks at the sync
 * stream itself, so a run another instance just finished is not repeated. A failed run is
 * tried again after the poll interval; its error stays in the status, its data as it was.
 */
@Injectable()
export class FeedScheduler extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FeedRuns) private readonly runs: FeedRuns,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'feed scheduling', everyMs: this.runtime.config.feeds.sweepMs };
  }

  protected onSweep(): Promise<unknown> {
    return this.tick();
  }

  /** Starts every run that is due and not running here; answers the feeds started. */
  async tick(now = new Date()): Promise<string[]> {
    const started: string[] = [];
    for (const f of await feedSchedules(this.runtime.db.pool)) {
      if (this.sweeper.isStopped || this.runs.isRunning(f.name)) continue;
      const interval = f.pollIntervalSeconds * 1000;
      const age = (at: string | null) => (at === null ? Infinity : now.getTime() - Date.parse(at));
      // A run the log shows open is due at once: if its instance died, this one takes it over from
      // its checkpoint; if it still runs elsewhere, the feed's lock refuses (FeedBusyError).
      const syncDue = age(f.lastStartedAt) >= interval || f.openRun === 'sync';
      const reconcileDue =
        f.openRun === 'reconcile' || (f.lastStartedAt !== null && age(f.lastReconcileAt) >= RECONCILE_EVERY_MS && age(f.lastReconcileStartedAt) >= interval);
      if (!syncDue && !reconcileDue) continue;
      const kind = syncDue ? 'sync' : 'reconcile';
      const due = kind === 'sync' ? { afterSuccessMs: interval, afterFailureMs: interval } : { afterSuccessMs: RECONCILE_EVERY_MS, afterFailureMs: interval };
      try {
        if (await this.runs.start(f.name, kind, undefined, due)) started.push(f.name);
      } catch (err) {
        if (!(err instanceof FeedBusyError)) log.warn('a feed run could not start', { feed: f.name, kind, message: (err as Error).message });
      }
    }
    return started;
  }
}
