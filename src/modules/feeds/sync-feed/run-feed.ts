import type pg from 'pg';
import { type CommandContext, metadataOf, systemContext } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import type { Outbound } from '../../../shared/net/outbound';
import type { StoredEvent } from '../../../shared/event';
import { importListings, type ImportItem } from '../../listings';
import type { FeedSecrets } from '../feed-secrets';
import {
  addCounts,
  type FeedCheckpoint,
  type FeedCounts,
  type FeedRecordError,
  type FeedSettings,
  type FeedSyncCompleted,
  type FeedSyncEvent,
  type FeedSyncKind,
  feedSyncStream,
  ZERO_COUNTS,
} from '../feeds.events';
import { activeFeedSettings } from '../load-feed';
import { FeedBusyError } from '../reso-client/feed-errors';
import { type ClientAuth, type ClientOptions, ResoClient } from '../reso-client/reso-client';
import { CheckpointFold } from './checkpoint-fold';
import { RecordEnricher } from './enrich-records';
import { tryFeedLock } from './feed-lock';
import { type AgentClaim, listingAgentLinks } from './link-listing-agents';
import { reconcileRemovals } from './reconcile';
import { Replication } from './replication';

export type FeedRunDeps = {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly databaseUrl: string;
  readonly secrets: FeedSecrets;
  /** Retries, back-off and timeouts of the HTTP client (tests make them short). */
  readonly client?: ClientOptions;
  /** Where the feed's requests may go (ALLOW_PRIVATE_OUTBOUND). */
  readonly outbound: Outbound;
};

export type FeedProgress = {
  readonly name: string;
  readonly syncId: string;
  readonly kind: FeedSyncKind;
  readonly counts: FeedCounts;
  readonly expectedTotal: number | null;
};

export type FeedRunOptions = {
  readonly kind: FeedSyncKind;
  /** Replicate everything again, ignoring the checkpoint (what is unchanged appends nothing). */
  readonly full?: boolean;
  /** Reconcile even when it would remove more than half of the feed's listings. */
  readonly force?: boolean;
  readonly signal?: AbortSignal;
  readonly ctx?: CommandContext;
  readonly onStarted?: (syncId: string) => void;
  readonly onProgress?: (p: FeedProgress) => void;
  readonly onRejected?: (e: FeedRecordError) => void;
  readonly onWait?: (ms: number, why: string) => void;
  /** How long to wait for the feed's lock before saying the feed is busy (0, the default: not at all). */
  readonly waitForLockMs?: number;
};

/** What a finished run answers: the facts its FeedSyncCompleted records (every warning here; the event keeps the first 20). */
export type FeedRunResult = Pick<FeedSyncCompleted['data'], 'syncId' | 'kind' | 'counts' | 'durationMs' | 'warnings'>;

/** Records per atomic append (listing events plus the checkpoint). */
const BATCH = 1000;
/** Rejections kept per checkpoint event (all are counted). */
const ERRORS_PER_BATCH = 20;

/**
 * One sync (or reconcile) of a feed, in this process, whoever asked (the scheduler, "Sync now",
 * the CLI): takes the feed's lock, appends FeedSyncStarted with the sync stream's revision, then
 * imports the records through the listing importer in batches, each batch's listing events and
 * its FeedCheckpointAdvanced in one atomic append (the checkpoint's expected revision makes a
 * second writer fail instead of interleaving), and ends with FeedSyncCompleted or
 * FeedSyncFailed. Killed at any moment, the next run starts from the last stored checkpoint:
 * nothing imported is lost, nothing is imported twice.
 */
export async function runFeed(deps: FeedRunDeps, name: string, options: FeedRunOptions): Promise<FeedRunResult> {
  return (await runFeedIfDue(deps, name, options, null))!;
}

/** When a scheduled run is due: none of its kind ended well within `afterSuccessMs`, nor failed within `afterFailureMs`. */
export type Due = { readonly afterSuccessMs: number; readonly afterFailureMs: number; readonly now?: Date };

/**
 * runFeed for the scheduler: once it holds the feed's lock it looks at the sync stream itself
 * (not a read model that may lag) and answers null, doing nothing, when another instance ran
 * this kind of run recently enough.
 */
export async function runFeedIfDue(deps: FeedRunDeps, name: string, options: FeedRunOptions, due: Due | null): Promise<FeedRunResult | null> {
  const settings = await activeFeedSettings(deps.store, name);
  const lock = await feedLock(deps.databaseUrl, name, options.waitForLockMs ?? 0);
  if (!lock) throw new FeedBusyError(`A sync of feed ${name} is already running (in the server or another command)`);
  try {
    const recent = (await deps.store.readStream(feedSyncStream(name), {
      direction: 'backwards',
      limit: due ? 200 : 1,
    })) as unknown as StoredEvent<FeedSyncEvent>[];
    if (due && !isDue(recent, options.kind, due)) return null;
    const tail = recent.slice(0, 1);
    const checkpoint = tail[0]?.data.checkpoint ?? null;
    const syncId = newId();
    const ctx = options.ctx ?? systemContext();
    const t0 = Date.now();
    // At the revision this run last wrote, never retried: a lost race means another run took the feed over.
    const append = async (expected: bigint | 'no_stream', event: FeedSyncEvent) => {
      const events = [{ ...event, eventId: newId(), metadata: metadataOf({ ...ctx, now: new Date() }) }];
      const { appended } = await decideAndAppend(
        deps.store,
        async () => ({ appends: [{ streamId: feedSyncStream(name), expected, events }], result: undefined }),
        { attempts: 1 },
      );
      return appended[0]!;
    };
    const full = options.kind === 'sync' && (options.full === true || checkpoint === null);
    const started = await append(tail[0]?.streamPosition ?? 'no_stream', {
      type: 'FeedSyncStarted',
      data: { name, syncId, kind: options.kind, full, checkpoint },
    });
    options.onStarted?.(syncId);
    const batches = new CheckpointedImport(deps, name, syncId, options, started.nextRevision, checkpoint, ctx);
    try {
      const client = new ResoClient(settings.url, openAuth(deps.secrets, name, settings), {
        ...deps.client,
        outbound: deps.outbound,
        signal: options.signal,
        onWait: options.onWait,
      });
      const warnings =
        options.kind === 'sync'
          ? await replicate(client, settings, full ? null : checkpoint, batches)
          : await reconcileRemovals({ client, settings, pool: deps.pool, name, force: options.force === true }, (keys) =>
              batches.import(toDeletes(keys), null, settings),
            );
      const result: FeedRunResult = { syncId, kind: options.kind, counts: batches.totals, durationMs: Date.now() - t0, warnings };
      await append(batches.revision, {
        type: 'FeedSyncCompleted',
        data: { name, ...result, checkpoint: batches.finalCheckpoint, warnings: warnings.slice(0, 20) },
      });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // When another writer took the stream over, the failure is theirs to record.
      await append(batches.revision, {
        type: 'FeedSyncFailed',
        data: {
          name,
          syncId,
          kind: options.kind,
          message: message.slice(0, 1000),
          counts: batches.totals,
          durationMs: Date.now() - t0,
          checkpoint: batches.lastCheckpoint,
        },
      }).catch(() => undefined);
      throw err;
    }
  } finally {
    await lock.release();
  }
}

/**
 * The feed's lock, waiting for it up to `waitMs`. Every instance's scheduler takes the lock briefly
 * to look at the sync stream (and at once after a run ended, until the read model has caught up),
 * so a person's "Sync now" that lands in such a look waits a moment rather than hearing "already
 * running"; a run truly in progress holds the lock far longer than the wait.
 */
async function feedLock(databaseUrl: string, name: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = await tryFeedLock(databaseUrl, name);
    if (lock || Date.now() >= until) return lock;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isDue(recent: readonly StoredEvent<FeedSyncEvent>[], kind: FeedSyncKind, due: Due): boolean {
  const now = (due.now ?? new Date()).getTime();
  const last = recent.find((e) => e.type !== 'FeedCheckpointAdvanced' && e.data.kind === kind);
  // Never ended, or the last one was cut short (its process died): run now, from the checkpoint.
  if (!last || last.type === 'FeedSyncStarted') return true;
  const ended = last as StoredEvent<Extract<FeedSyncEvent, { type: 'FeedSyncCompleted' | 'FeedSyncFailed' }>>;
  const age = now - Date.parse(ended.metadata.at);
  return age >= (ended.type === 'FeedSyncCompleted' ? due.afterSuccessMs : due.afterFailureMs);
}

async function replicate(client: ResoClient, settings: FeedSettings, from: FeedCheckpoint | null, batches: CheckpointedImport): Promise<string[]> {
  const expand = settings.resources.filter((r) => r === 'Media' || r === 'OpenHouse');
  const replication = new Replication({
    resourceUrl: (q) => client.resourceUrl('Property', q),
    page: (url) => client.page(url),
    from,
    filter: settings.filter,
    pageSize: settings.pageSize,
    paging: settings.paging,
    timeZone: settings.timeZone,
    expand,
  });
  const enricher = new RecordEnricher(
    { resourceUrl: (r, q) => client.resourceUrl(r, q), page: (url) => client.page(url) },
    settings.resources,
    () => replication.expandRefused,
  );
  async function* records(): AsyncGenerator<{ raw: Record<string, unknown>; ts: string | null; key: string | null }[]> {
    for await (const page of replication.pages()) {
      const enriched = await enricher.enrich(page);
      yield page.map((r, i) => ({ raw: enriched[i]!, ts: r.ts, key: r.key }));
    }
  }
  await batches.import(records(), () => replication.expectedTotal, settings, from);
  return [...replication.warnings, ...enricher.warnings];
}

async function* toDeletes(keys: readonly string[]): AsyncGenerator<{ raw: Record<string, unknown>; ts: null; key: string }[]> {
  for (let i = 0; i < keys.length; i += BATCH)
    yield keys.slice(i, i + BATCH).map((key) => ({ raw: { ListingKey: key, StandardStatus: 'Delete' }, ts: null, key }));
}

function openAuth(secrets: FeedSecrets, name: string, s: FeedSettings): ClientAuth {
  switch (s.auth.kind) {
    case 'oauth2':
      return {
        kind: 'oauth2',
        tokenUrl: s.auth.tokenUrl,
        clientId: s.auth.clientId,
        scope: s.auth.scope,
        clientSecret: secrets.open(s.auth.clientSecret, name),
      };
    case 'bearer':
      return { kind: 'bearer', token: secrets.open(s.auth.token, name) };
    case 'none':
      return { kind: 'none' };
    default:
      return s.auth satisfies never;
  }
}

/**
 * The importer run with the feed's checkpoint in every batch: batch i's FeedCheckpointAdvanced
 * goes at the sync stream's revision base + i. Counts and the checkpoint move when a batch is
 * stored, so a failure reports exactly what was stored.
 */
class CheckpointedImport {
  totals: FeedCounts = ZERO_COUNTS;
  lastCheckpoint: FeedCheckpoint | null;
  finalCheckpoint: FeedCheckpoint | null;
  private stored = 0;
  private readonly pending = new Map<number, { counts: FeedCounts; checkpoint: FeedCheckpoint | null }>();

  constructor(
    private readonly deps: FeedRunDeps,
    private readonly name: string,
    private readonly syncId: string,
    private readonly options: FeedRunOptions,
    private readonly base: bigint,
    start: FeedCheckpoint | null,
    private readonly ctx: CommandContext,
  ) {
    this.lastCheckpoint = start;
    this.finalCheckpoint = start;
  }

  get revision(): bigint {
    return this.base + BigInt(this.stored);
  }

  async import(
    pages: AsyncIterable<readonly { raw: Record<string, unknown>; ts: string | null; key: string | null }[]>,
    expectedTotal: (() => number | null) | null,
    settings: FeedSettings,
    from: FeedCheckpoint | null = this.lastCheckpoint,
  ): Promise<void> {
    const fold = new CheckpointFold(from);
    const keys = new Map<number, string | null>();
    const checkpoints = new Map<number, FeedCheckpoint | null>();
    const offset = this.stored * BATCH;
    let n = offset;
    async function* items(): AsyncGenerator<ImportItem> {
      for await (const page of pages) {
        for (const r of page) {
          n++;
          fold.add(r.ts, r.key);
          keys.set(n, r.key);
          if (n % BATCH === 0) checkpoints.set(n, fold.snapshot());
          const raw = r.raw;
          yield { record: n, line: null, parse: () => raw };
        }
      }
      if (n % BATCH !== 0) checkpoints.set(n, fold.snapshot());
    }
    const syncStream = feedSyncStream(this.name);
    await importListings(this.deps.store, items(), {
      mls: this.name,
      ctx: this.ctx,
      batchSize: BATCH,
      timeZone: settings.timeZone,
      onRejected: (r) => this.options.onRejected?.({ key: keys.get(r.record) ?? null, message: r.message }),
      withEachBatch: async ({ items: batch, outcome, attempt }) => {
        const first = batch[0]!.record;
        const last = batch.at(-1)!.record;
        const index = Math.floor((first - 1) / BATCH);
        const expected = this.base + BigInt(index);
        if (attempt > 1) {
          // A retry is for a listing that changed under us; the sync stream must be where we left it.
          const now = await this.deps.store.streamRevision(syncStream);
          if (now !== expected)
            throw new FeedBusyError(`Another sync of feed ${this.name} wrote to it meanwhile; this one stops (the next resumes from the checkpoint)`);
        }
        // A server that did not sort by timestamp: the checkpoint only moves once all is read.
        const checkpoint = fold.ordered ? (checkpoints.get(last) ?? null) : from;
        const counts: FeedCounts = {
          fetched: batch.length,
          imported: outcome.imported,
          changed: outcome.changed - outcome.removed,
          unchanged: outcome.unchanged,
          deleted: outcome.removed,
          rejected: outcome.rejected.length,
        };
        this.pending.set(index, { counts, checkpoint });
        const errors = outcome.rejected.slice(0, ERRORS_PER_BATCH).map((r) => ({ key: keys.get(r.record) ?? null, message: r.message.slice(0, 500) }));
        for (let k = first; k <= last; k++) keys.delete(k);
        const refused = new Set(outcome.rejected.map((r) => r.record));
        const claims: AgentClaim[] = [];
        for (const item of batch) {
          if (refused.has(item.record)) continue;
          const raw = item.parse() as Record<string, unknown>;
          const mlsId =
            typeof raw.ListAgentMlsId === 'string' ? raw.ListAgentMlsId.trim() : typeof raw.ListAgentMlsId === 'number' ? String(raw.ListAgentMlsId) : '';
          if (mlsId && raw.StandardStatus !== 'Delete') claims.push({ pdid: `${this.name}-${String(raw.ListingKey)}`, listAgentMlsId: mlsId });
        }
        const links = await listingAgentLinks(this.deps.store, this.deps.pool, claims, this.ctx);
        return [
          ...links,
          {
            streamId: syncStream,
            expected,
            events: [
              {
                type: 'FeedCheckpointAdvanced',
                data: { name: this.name, syncId: this.syncId, checkpoint, batch: counts, expectedTotal: expectedTotal?.() ?? null, errors },
                eventId: newId(),
                metadata: metadataOf({ ...this.ctx, now: new Date() }),
              },
            ],
          },
        ];
      },
      onProgress: () => {
        const done = this.pending.get(this.stored);
        this.pending.delete(this.stored);
        this.stored++;
        if (!done) return;
        this.totals = addCounts(this.totals, done.counts);
        this.lastCheckpoint = done.checkpoint;
        this.options.onProgress?.({
          name: this.name,
          syncId: this.syncId,
          kind: this.options.kind,
          counts: this.totals,
          expectedTotal: expectedTotal?.() ?? null,
        });
      },
    });
    this.finalCheckpoint = fold.snapshot();
  }
}
