import type { FeedCountsView, FeedRunning, FeedSettingsView } from '../../src/contract/feeds';
import { assertNever } from '../../src/contract/assert-never';
import { addCounts, type FeedEvent, type FeedSettings, type FeedSyncEvent, ZERO_COUNTS } from '../../src/modules/feeds/feeds.events';

/** A feed's status as the read model keeps it (the API adds lagSeconds at the time it answers). */
export type FeedStatus = {
  readonly name: string;
  readonly removed: boolean;
  readonly settings: FeedSettingsView | null;
  readonly lastSyncAt: string | null;
  readonly lastSuccessAt: string | null;
  readonly counts: FeedCountsView;
  readonly lastDurationMs: number | null;
  readonly newestModificationTimestamp: string | null;
  readonly lastError: string | null;
  readonly lastErrorAt: string | null;
  readonly lastReconcileAt: string | null;
  readonly lastReconcileDeleted: number | null;
  readonly recordErrors: readonly { readonly key: string | null; readonly message: string }[];
  readonly warnings: readonly string[];
  readonly running: FeedRunning | null;
  /** When a sync last started (the scheduler's clock for the poll interval). */
  readonly lastStartedAt: string | null;
  /** When a reconcile last started (the scheduler's: one a day, a failed one again after the poll interval). */
  readonly lastReconcileStartedAt: string | null;
};

const RECORD_ERRORS = 20;

export const initialFeedStatus = (name: string): FeedStatus => ({
  name,
  removed: false,
  settings: null,
  lastSyncAt: null,
  lastSuccessAt: null,
  counts: ZERO_COUNTS,
  lastDurationMs: null,
  newestModificationTimestamp: null,
  lastError: null,
  lastErrorAt: null,
  lastReconcileAt: null,
  lastReconcileDeleted: null,
  recordErrors: [],
  warnings: [],
  running: null,
  lastStartedAt: null,
  lastReconcileStartedAt: null,
});

/** Settings as anyone may see them: whether a secret is stored, never the secret (not even sealed). */
export function publicSettings(s: FeedSettings): FeedSettingsView {
  const auth: FeedSettingsView['auth'] =
    s.auth.kind === 'oauth2'
      ? { kind: 'oauth2', tokenUrl: s.auth.tokenUrl, clientId: s.auth.clientId, scope: s.auth.scope, hasSecret: true }
      : s.auth.kind === 'bearer'
        ? { kind: 'bearer', hasSecret: true }
        : { kind: 'none' };
  return {
    url: s.url,
    auth,
    resources: s.resources,
    timeZone: s.timeZone,
    pageSize: s.pageSize,
    pollIntervalSeconds: s.pollIntervalSeconds,
    filter: s.filter,
    paging: s.paging,
    disclaimer: s.disclaimer,
  };
}

/** Why a run that never ended is not running: the words the status and the next run's start both use. */
export const interruptedRunMessage = (run: Pick<FeedRunning, 'kind' | 'startedAt'>): string =>
  `The ${run.kind} started at ${run.startedAt} stopped before it finished (its process ended); what it stored stays, and the next run goes on from its checkpoint`;

/** Folds one event of the feed's two streams, `at` being the event's time. Pure: the CLI folds the same way. */
export function evolveFeedStatus(s: FeedStatus, e: FeedEvent | FeedSyncEvent, at: string): FeedStatus {
  switch (e.type) {
    case 'FeedConfigured':
      return { ...s, removed: false, settings: publicSettings(e.data.settings) };
    case 'FeedRemoved':
      return { ...s, removed: true };
    case 'FeedSyncStarted': {
      // A run still open when another starts was cut short (its process ended).
      const interrupted = s.running !== null && s.running.syncId !== e.data.syncId;
      return {
        ...s,
        ...(e.data.kind === 'sync' ? { lastStartedAt: at } : { lastReconcileStartedAt: at }),
        running: { syncId: e.data.syncId, kind: e.data.kind, startedAt: at, counts: ZERO_COUNTS, expectedTotal: null },
        recordErrors: e.data.kind === 'sync' ? [] : s.recordErrors,
        ...(interrupted
          ? {
              lastError: interruptedRunMessage(s.running),
              lastErrorAt: at,
            }
          : {}),
      };
    }
    case 'FeedCheckpointAdvanced': {
      const running =
        s.running && s.running.syncId === e.data.syncId
          ? { ...s.running, counts: addCounts(s.running.counts, e.data.batch), expectedTotal: e.data.expectedTotal }
          : s.running;
      return {
        ...s,
        running,
        newestModificationTimestamp: e.data.checkpoint?.ModificationTimestamp ?? s.newestModificationTimestamp,
        recordErrors: e.data.errors.length ? [...s.recordErrors, ...e.data.errors].slice(0, RECORD_ERRORS) : s.recordErrors,
      };
    }
    case 'FeedSyncCompleted': {
      const ended = {
        ...s,
        running: null,
        lastError: null,
        lastErrorAt: null,
        newestModificationTimestamp: e.data.checkpoint?.ModificationTimestamp ?? s.newestModificationTimestamp,
      };
      if (e.data.kind === 'reconcile') return { ...ended, lastReconcileAt: at, lastReconcileDeleted: e.data.counts.deleted };
      return { ...ended, lastSyncAt: at, lastSuccessAt: at, counts: e.data.counts, lastDurationMs: e.data.durationMs, warnings: e.data.warnings };
    }
    case 'FeedSyncFailed': {
      const ended = {
        ...s,
        running: null,
        lastError: e.data.message,
        lastErrorAt: at,
        newestModificationTimestamp: e.data.checkpoint?.ModificationTimestamp ?? s.newestModificationTimestamp,
      };
      // A failed reconcile is tried again after the poll interval, like a failed sync.
      if (e.data.kind === 'reconcile') return ended;
      return { ...ended, lastSyncAt: at, counts: e.data.counts, lastDurationMs: e.data.durationMs };
    }
    default:
      return assertNever(e);
  }
}
