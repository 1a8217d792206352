/**
 * What the back-office Feeds tab shares with the server: a feed's status as GET
 * /api/backoffice/feeds answers it (contract 4a; secrets are never part of it), the settings
 * form, and the live progress pushed to staff. Types and constants only.
 */
export type FeedCountsView = {
  readonly fetched: number;
  readonly imported: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly deleted: number;
  readonly rejected: number;
};

export const FEED_RESOURCE_NAMES = ['Property', 'Media', 'OpenHouse', 'Member', 'Office'] as const;
export const FEED_PAGING = ['auto', 'nextLink', 'skip'] as const;
export type FeedResourceName = (typeof FEED_RESOURCE_NAMES)[number];
export type FeedPaging = (typeof FEED_PAGING)[number];

/**
 * A save of a feed's settings, by its name: what is left out stays as it was. The back-office
 * form sends it (POST /api/backoffice/feeds, `Auth` with secrets in clear, only when typed) and
 * the configure command carries it (`Auth` with the secrets sealed).
 */
export type FeedChange<Auth> = {
  readonly name: string;
  readonly url?: string;
  readonly auth?: Auth;
  readonly resources?: readonly FeedResourceName[];
  readonly timeZone?: string;
  readonly pageSize?: number;
  readonly pollIntervalSeconds?: number;
  readonly filter?: string | null;
  readonly paging?: FeedPaging;
  readonly disclaimer?: string | null;
};

/** A feed's settings without its secrets: `hasSecret` says one is stored. */
export type FeedSettingsView = {
  readonly url: string;
  readonly auth:
    | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly scope: string | null; readonly hasSecret: boolean }
    | { readonly kind: 'bearer'; readonly hasSecret: boolean }
    | { readonly kind: 'none' };
  readonly resources: readonly FeedResourceName[];
  readonly timeZone: string;
  readonly pageSize: number;
  readonly pollIntervalSeconds: number;
  readonly filter: string | null;
  readonly paging: FeedPaging;
  readonly disclaimer: string | null;
};

export type FeedRunning = {
  readonly syncId: string;
  readonly kind: 'sync' | 'reconcile';
  readonly startedAt: string;
  readonly counts: FeedCountsView;
  /** @odata.count of the sync's first query, when the server offered it: the progress bar's 100%. */
  readonly expectedTotal: number | null;
};

export type FeedView = {
  readonly name: string;
  readonly url: string;
  /** When the last sync (replication) ended, however it ended. */
  readonly lastSyncAt: string | null;
  /** When the last sync ended well. */
  readonly lastSuccessAt: string | null;
  /** The last finished sync's counts. */
  readonly counts: FeedCountsView;
  /** Now minus the newest ModificationTimestamp imported; null before any. */
  readonly lagSeconds: number | null;
  /** Why the last sync or reconcile failed; null once one succeeded after it. */
  readonly lastError: string | null;
  readonly lastDurationMs: number | null;
  readonly newestModificationTimestamp: string | null;
  readonly lastReconcileAt: string | null;
  readonly lastReconcileDeleted: number | null;
  /** Records the last sync could not import, with their key (at most 20). */
  readonly recordErrors: readonly { readonly key: string | null; readonly message: string }[];
  readonly warnings: readonly string[];
  readonly running: FeedRunning | null;
  readonly settings: FeedSettingsView;
};

export type FeedProgressPhase = 'started' | 'running' | 'completed' | 'failed';

/** A feed's sync or reconcile started, stored a batch, or ended: pushed to staff as `feed.progress`. */
export type FeedProgressView = {
  readonly name: string;
  readonly syncId: string;
  readonly kind: 'sync' | 'reconcile';
  readonly phase: FeedProgressPhase;
  readonly counts: FeedCountsView;
  readonly expectedTotal: number | null;
  readonly message: string | null;
  readonly at: string;
};
