/**
 * What the back-office Feeds tab shares with the server: a feed's status as GET
 * /api/backoffice/feeds answers it (contract 4a; secrets are never part of it), the settings
 * form, and the live progress pushed to staff.
 */

import { z } from 'zod';

export const FeedCountsSchema = z.strictObject({
  fetched: z.number(),
  imported: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  rejected: z.number(),
});
export type FeedCountsView = Readonly<z.infer<typeof FeedCountsSchema>>;

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
export const FeedSettingsSchema = z.strictObject({
  url: z.string(),
  auth: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('oauth2'), tokenUrl: z.string(), clientId: z.string(), scope: z.string().nullable(), hasSecret: z.boolean() }),
    z.strictObject({ kind: z.literal('bearer'), hasSecret: z.boolean() }),
    z.strictObject({ kind: z.literal('none') }),
  ]),
  resources: z.array(z.enum(FEED_RESOURCE_NAMES)).readonly(),
  timeZone: z.string(),
  pageSize: z.number(),
  pollIntervalSeconds: z.number(),
  filter: z.string().nullable(),
  paging: z.enum(FEED_PAGING),
  disclaimer: z.string().nullable(),
});
export type FeedSettingsView = Readonly<z.infer<typeof FeedSettingsSchema>>;

const FeedRunningSchema = z.strictObject({
  syncId: z.string(),
  kind: z.enum(['sync', 'reconcile']),
  startedAt: z.string(),
  counts: FeedCountsSchema,
  /** @odata.count of the sync's first query, when the server offered it: the progress bar's 100%. */
  expectedTotal: z.number().nullable(),
});
export type FeedRunning = Readonly<z.infer<typeof FeedRunningSchema>>;

/** A feed's status as GET /api/backoffice/feeds answers it. */
export const FeedViewSchema = z.strictObject({
  name: z.string(),
  url: z.string(),
  /** When the last sync (replication) ended, however it ended. */
  lastSyncAt: z.string().nullable(),
  /** When the last sync ended well. */
  lastSuccessAt: z.string().nullable(),
  /** The last finished sync's counts. */
  counts: FeedCountsSchema,
  /** Now minus the newest ModificationTimestamp imported; null before any. */
  lagSeconds: z.number().nullable(),
  /** Why the last sync or reconcile failed; null once one succeeded after it. */
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  newestModificationTimestamp: z.string().nullable(),
  lastReconcileAt: z.string().nullable(),
  lastReconcileDeleted: z.number().nullable(),
  /** Records the last sync could not import, with their key (at most 20). */
  recordErrors: z.array(z.strictObject({ key: z.string().nullable(), message: z.string() })).readonly(),
  warnings: z.array(z.string()).readonly(),
  running: FeedRunningSchema.nullable(),
  /** The run the log shows started and not ended while no live process holds the feed: it was cut short (its process died); the next run goes on from its checkpoint. */
  interrupted: FeedRunningSchema.nullable(),
  settings: FeedSettingsSchema,
});
export type FeedView = Readonly<z.infer<typeof FeedViewSchema>>;

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
