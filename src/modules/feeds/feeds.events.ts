import type { FEED_PAGING, FEED_RESOURCE_NAMES, FeedCountsView } from '../../contract/feeds';

/**
 * The feeds context's events. A feed is configured data on the stream `feed-{name}`
 * (FeedConfigured, FeedRemoved); its syncs write to `feedsync-{name}` (started, checkpoints,
 * completed or failed). Two streams so that changing a feed's settings never collides with a
 * sync in progress, while two syncs of one feed always collide on the sync stream.
 *
 * Every event of the sync stream carries the replication checkpoint as it stands after it, so
 * the last event alone says where the next sync starts. A checkpoint event is appended in the
 * same atomic append as the listing events of the records it covers.
 */

/** Encrypted at rest (AES-256-GCM, a key derived from the server secret): see feed-secrets.ts. */
export type SealedSecret = { readonly v: 1; readonly iv: string; readonly tag: string; readonly data: string };

export type FeedAuth =
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly scope: string | null; readonly clientSecret: SealedSecret }
  | { readonly kind: 'bearer'; readonly token: SealedSecret }
  | { readonly kind: 'none' };

/** The RESO resources a feed may read: the contract's list, which the settings form offers too. */
export type FeedResource = (typeof FEED_RESOURCE_NAMES)[number];

/** auto: follow @odata.nextLink when given, else $top/$skip; nextLink: only nextLink; skip: never nextLink (the contract's FEED_PAGING). */
export type PagingStrategy = (typeof FEED_PAGING)[number];

export type FeedSettings = {
  /** The RESO Web API service root, e.g. https://api.example.com/odata (Property is under it). */
  readonly url: string;
  readonly auth: FeedAuth;
  readonly resources: readonly FeedResource[];
  /** IANA zone for timestamps the feed sends without an offset. */
  readonly timeZone: string;
  readonly pageSize: number;
  readonly pollIntervalSeconds: number;
  /** Extra OData $filter, ANDed with the replication filter (e.g. only some counties). */
  readonly filter: string | null;
  readonly paging: PagingStrategy;
  /** The MLS's IDX disclaimer; null: the default text. */
  readonly disclaimer: string | null;
};

export type FeedConfigured = { readonly type: 'FeedConfigured'; readonly data: { readonly name: string; readonly settings: FeedSettings } };
/** The feed stops syncing; its listings stay. */
export type FeedRemoved = { readonly type: 'FeedRemoved'; readonly data: { readonly name: string } };

export type FeedEvent = FeedConfigured | FeedRemoved;
export const feedEventTypes = ['FeedConfigured', 'FeedRemoved'] as const satisfies readonly FeedEvent['type'][];

/**
 * Where replication stands: the newest ModificationTimestamp imported (an ISO instant, to the
 * millisecond) and the keys already imported at exactly that timestamp, so that the next
 * query (ModificationTimestamp ge it) neither skips a record at the same timestamp nor imports
 * one twice.
 */
export type FeedCheckpoint = { readonly ModificationTimestamp: string; readonly keys: readonly string[] };

/** A sync's tallies: the very figures the Feeds tab shows (contract 4a), so one type names them. */
export type FeedCounts = FeedCountsView;

/** A record the sync could not import: its ListingKey when it had one, and why. */
export type FeedRecordError = { readonly key: string | null; readonly message: string };

/** sync: replication (full the first time, incremental after); reconcile: the key comparison. */
export type FeedSyncKind = 'sync' | 'reconcile';

export type FeedSyncStarted = {
  readonly type: 'FeedSyncStarted';
  readonly data: {
    readonly name: string;
    readonly syncId: string;
    readonly kind: FeedSyncKind;
    readonly full: boolean;
    readonly checkpoint: FeedCheckpoint | null;
  };
};

/** Appended atomically with the listing events of one batch: what that batch did. */
export type FeedCheckpointAdvanced = {
  readonly type: 'FeedCheckpointAdvanced';
  readonly data: {
    readonly name: string;
    readonly syncId: string;
    readonly checkpoint: FeedCheckpoint | null;
    readonly batch: FeedCounts;
    /** @odata.count of the sync's first query, when the server offers it. */
    readonly expectedTotal: number | null;
    readonly errors: readonly FeedRecordError[];
  };
};

/** What every ended sync records, completed or failed: its totals, how long it ran and where the next one starts. */
export type FeedSyncEnd = {
  readonly name: string;
  readonly syncId: string;
  readonly kind: FeedSyncKind;
  readonly counts: FeedCounts;
  readonly durationMs: number;
  readonly checkpoint: FeedCheckpoint | null;
};

export type FeedSyncCompleted = {
  readonly type: 'FeedSyncCompleted';
  /** warnings: things worth a look that did not stop the sync (e.g. fewer records than @odata.count). */
  readonly data: FeedSyncEnd & { readonly warnings: readonly string[] };
};

/** The sync stopped; what it imported before stays, and the next one resumes from the checkpoint. */
export type FeedSyncFailed = {
  readonly type: 'FeedSyncFailed';
  readonly data: FeedSyncEnd & { readonly message: string };
};

export type FeedSyncEvent = FeedSyncStarted | FeedCheckpointAdvanced | FeedSyncCompleted | FeedSyncFailed;
export const feedSyncEventTypes = [
  'FeedSyncStarted',
  'FeedCheckpointAdvanced',
  'FeedSyncCompleted',
  'FeedSyncFailed',
] as const satisfies readonly FeedSyncEvent['type'][];

export const feedStream = (name: string): string => `feed-${name}`;
export const feedSyncStream = (name: string): string => `feedsync-${name}`;

export const ZERO_COUNTS: FeedCounts = { fetched: 0, imported: 0, changed: 0, unchanged: 0, deleted: 0, rejected: 0 };

export const addCounts = (a: FeedCounts, b: FeedCounts): FeedCounts => ({
  fetched: a.fetched + b.fetched,
  imported: a.imported + b.imported,
  changed: a.changed + b.changed,
  unchanged: a.unchanged + b.unchanged,
  deleted: a.deleted + b.deleted,
  rejected: a.rejected + b.rejected,
});

/** The CLI's last line and the status line: `fetched N, imported N, changed N, unchanged N, deleted N, rejected N`. */
export const feedSummaryLine = (c: FeedCounts): string =>
  `fetched ${c.fetched}, imported ${c.imported}, changed ${c.changed}, unchanged ${c.unchanged}, deleted ${c.deleted}, rejected ${c.rejected}`;
