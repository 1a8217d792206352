import { type CommandContext, metadataOf } from '../../../commands/command-context';
import type { EventStore, StreamAppend } from '../../../eventstore/event-store.port';
import { retryOnConflict } from '../../../commands/retry-on-conflict';
import type { StoredEvent } from '../../../shared/event';
import { decideImportListing } from './import-listing.decide';
import { type ParsedRecord, type ParseOptions, parseResoRecord } from './parse-reso-record';
import { evolveListing, initialListing, type Listing } from '../listing';
import { listingStream, pdidOf } from '../listing-record';
import type { ListingEvent } from '../listings.events';
import { timeOrderedId } from './time-ordered-id';

/** One record of a source: its number (1-based), its line when it came from a file, and how to read it. */
export type ImportItem = { readonly record: number; readonly line: number | null; readonly parse: () => unknown };

export type ImportCounts = { imported: number; changed: number; unchanged: number; rejected: number };

export type RejectedRecord = { readonly record: number; readonly line: number | null; readonly message: string };

/** What one batch decided, for a caller that appends its own events with it (see withEachBatch). */
export type BatchOutcome = {
  readonly imported: number;
  readonly changed: number;
  readonly unchanged: number;
  /** Of `changed`: records that removed their listing (StandardStatus Delete). */
  readonly removed: number;
  readonly rejected: readonly RejectedRecord[];
};

export type BatchAppends = (batch: { readonly items: readonly ImportItem[]; readonly outcome: BatchOutcome; readonly attempt: number }) => Promise<readonly StreamAppend[]>;

export type ImportOptions = {
  /** The MLS feed's name: the pdid is `NAME-ListingKey`. */
  readonly mls: string;
  readonly batchSize?: number;
  /** Who and when, for the events' metadata (`at` is taken per batch). */
  readonly ctx: CommandContext;
  readonly onRejected?: (r: RejectedRecord) => void;
  /** After each batch is appended, with the running totals. */
  readonly onProgress?: (counts: Readonly<ImportCounts>) => void;
  /**
   * More appends to store in the same atomic append as each batch's listing events (a feed's
   * checkpoint). Called once the batches before have been stored, again on each retry
   * (`attempt`); throwing anything but a ConcurrencyError stops the import.
   */
  readonly withEachBatch?: BatchAppends;
  /** What the record parser needs to know of the source (a feed's time zone). */
  readonly parse?: ParseOptions;
};

export const MLS_NAME = /^[A-Za-z0-9_]{1,32}$/;
const MAX_ATTEMPTS = 8;
/** Batches read and decided ahead of the one being appended. */
const LOOKAHEAD = 2;

export const summaryLine = (c: ImportCounts): string =>
  `imported ${c.imported}, changed ${c.changed}, unchanged ${c.unchanged}, rejected ${c.rejected}`;

type Valid = { readonly pdid: string; readonly mls: string; readonly parsed: Extract<ParsedRecord, { ok: true }> };

/**
 * The import path of contract section 4 (also the demo seed's): records are validated, batched,
 * the batch's listing streams are read in one query and folded, each record is decided against
 * its listing, and the whole batch is appended in one atomic appendMany with every stream's
 * expected revision. A concurrency conflict (another importer, or the same listing in the next
 * batch) re-reads and re-decides that batch. Appends happen in file order, so the last record
 * of a listing wins.
 */
export async function importListings(store: EventStore, source: AsyncIterable<ImportItem> | Iterable<ImportItem>, options: ImportOptions): Promise<ImportCounts> {
  if (!MLS_NAME.test(options.mls)) throw new Error('The MLS name must be 1 to 32 letters, digits or underscores');
  const batchSize = options.batchSize ?? 1000;
  const counts: ImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
  /** Settles with whether the batch before was stored: a batch never goes in after one that failed. */
  let previousAppend: Promise<boolean> = Promise.resolve(true);
  const inFlight: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;

  const run = (items: ImportItem[]) => {
    const valid: Valid[] = [];
    const rejected: RejectedRecord[] = [];
    for (const item of items) {
      const result = validate(item, options.mls, options.parse);
      if ('message' in result) {
        counts.rejected++;
        rejected.push(result);
        options.onRejected?.(result);
      } else valid.push(result);
    }
    const batch = options.withEachBatch ? { items, rejected, hook: options.withEachBatch } : undefined;
    const done = appendBatch(store, valid, options.ctx, previousAppend, batch).then((c) => {
      counts.imported += c.imported;
      counts.changed += c.changed;
      counts.unchanged += c.unchanged;
      options.onProgress?.(counts);
    });
    previousAppend = done.then(() => true, () => false);
    // Kept so that a failed batch stops the import instead of going unhandled.
    inFlight.push(done.catch((error: unknown) => void (failure ??= { error })));
  };

  let batch: ImportItem[] = [];
  try {
    for await (const item of source) {
      batch.push(item);
      if (batch.length >= batchSize) {
        run(batch);
        batch = [];
        if (inFlight.length > LOOKAHEAD) await inFlight.shift();
        if (failure) break;
      }
    }
  } catch (err) {
    // The source broke (a malformed file): what was read before it is still imported.
    if (batch.length > 0 && !failure) run(batch);
    await Promise.all(inFlight);
    throw err;
  }
  if (batch.length > 0 && !failure) run(batch);
  await Promise.all(inFlight);
  if (failure) throw failure.error;
  return counts;
}

function validate(item: ImportItem, mls: string, parseOptions: ParseOptions | undefined): Valid | RejectedRecord {
  let raw: unknown;
  try {
    raw = item.parse();
  } catch (err) {
    return { record: item.record, line: item.line, message: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = parseResoRecord(raw, parseOptions);
  if (!parsed.ok) return { record: item.record, line: item.line, message: parsed.error };
  const key = parsed.kind === 'listing' ? parsed.record.ListingKey : parsed.ListingKey;
  return { pdid: pdidOf(mls, key), mls, parsed };
}

async function appendBatch(
  store: EventStore,
  valid: readonly Valid[],
  ctx: CommandContext,
  previousAppend: Promise<boolean>,
  batch: { readonly items: readonly ImportItem[]; readonly rejected: readonly RejectedRecord[]; readonly hook: BatchAppends } | undefined,
): Promise<Omit<ImportCounts, 'rejected'>> {
  return retryOnConflict(async (attempt) => {
    const streams = await store.readStreams([...new Set(valid.map((v) => listingStream(v.pdid)))]);
    const states = new Map<string, { state: Listing; revision: bigint | undefined; events: ListingEvent[] }>();
    const c = { imported: 0, changed: 0, unchanged: 0 };
    let removed = 0;
    const at = new Date();
    for (const v of valid) {
      let s = states.get(v.pdid);
      if (!s) {
        const stored = streams.get(listingStream(v.pdid)) ?? [];
        s = { state: foldListing(stored), revision: stored.at(-1)?.streamPosition, events: [] };
        states.set(v.pdid, s);
      }
      const events = decideImportListing({ pdid: v.pdid, mls: v.mls, parsed: v.parsed, now: at.toISOString() }, s.state);
      if (events.length === 0) c.unchanged++;
      else if (events[0]!.type === 'ListingListed') c.imported++;
      else c.changed++;
      if (events.some((e) => e.type === 'ListingRemoved')) removed++;
      for (const e of events) s.state = evolveListing(s.state, e);
      s.events.push(...events);
    }
    const metadata = metadataOf({ ...ctx, now: at });
    const appends: StreamAppend[] = [];
    for (const [pdid, s] of states) {
      if (s.events.length === 0) continue;
      appends.push({
        streamId: listingStream(pdid),
        expected: s.revision === undefined ? 'no_stream' : s.revision,
        events: s.events.map((e) => ({ ...e, eventId: timeOrderedId(), metadata })),
      });
    }
    // Appends go in source order: the batch before this one must be stored first (if it failed,
    // the import stops with its error; this batch is not stored after it).
    if (!(await previousAppend)) throw new EarlierBatchFailed();
    if (batch) appends.push(...(await batch.hook({ items: batch.items, outcome: { ...c, removed, rejected: batch.rejected }, attempt })));
    if (appends.length > 0) await store.appendMany(appends);
    return c;
  }, 20, MAX_ATTEMPTS);
}

class EarlierBatchFailed extends Error {
  override readonly name = 'EarlierBatchFailed';
}

export const foldListing = (stored: readonly StoredEvent[]): Listing =>
  stored.reduce((s, e) => evolveListing(s, e as unknown as ListingEvent), initialListing());
