import { type CommandContext, metadataOf } from '../../../commands/command-context';
import type { EventStore, StreamAppend } from '../../../eventstore/event-store.port';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { StoredEvent } from '../../../shared/event';
import { decideImportListing } from './import-listing.decide';
import { assertTimeZone } from './feed-time';
import { type ParsedRecord, parseResoRecord } from './parse-reso-record';
import { needsPlacing, placeAtPostalCode, type PostalCodeCentres, zipCentres } from './postal-code-centre';
import { evolveListing, initialListing, type Listing } from '../listings.events';
import { listingStream, pdidOf } from '../listing-record';
import type { ListingEvent } from '../listings.events';
import { timeOrderedId } from './time-ordered-id';

/** One record of a source: its number (1-based), its line when it came from a file, and how to read it. */
export type ImportItem = { readonly record: number; readonly line: number | null; readonly parse: () => unknown };

export type ImportCounts = { imported: number; changed: number; unchanged: number; rejected: number };

/** A record refused (or, for onWarning, a field dropped from one): where it was, its key when it had one, and why. */
export type RejectedRecord = { readonly record: number; readonly line: number | null; readonly listingKey: string | null; readonly message: string };

/** What one batch decided, for a caller that appends its own events with it (see withEachBatch). */
export type BatchOutcome = {
  readonly imported: number;
  readonly changed: number;
  readonly unchanged: number;
  /** Of `changed`: records that removed their listing (StandardStatus Delete). */
  readonly removed: number;
  readonly rejected: readonly RejectedRecord[];
};

export type BatchAppends = (batch: {
  readonly items: readonly ImportItem[];
  readonly outcome: BatchOutcome;
  readonly attempt: number;
}) => Promise<readonly StreamAppend[]>;

export type ImportOptions = {
  /** The MLS feed's name: the pdid is `NAME-ListingKey`. */
  readonly mls: string;
  readonly batchSize?: number;
  /** Who and when, for the events' metadata (`at` is taken per batch). */
  readonly ctx: CommandContext;
  /**
   * The feed's IANA time zone for timestamps without an offset (and the open houses' local
   * time); UTC when not given. An unknown zone stops the import before it starts.
   */
  readonly timeZone?: string;
  readonly onRejected?: (r: RejectedRecord) => void;
  /** A field dropped from a record that still imports (a date that is not a date...): one call per field. */
  readonly onWarning?: (w: RejectedRecord) => void;
  /** Where a listing without coordinates is placed; the zip directory's centres by default. */
  readonly postalCodeCentres?: () => Promise<PostalCodeCentres>;
  /** After each batch is appended, with the running totals. */
  readonly onProgress?: (counts: Readonly<ImportCounts>) => void;
  /**
   * More appends to store in the same atomic append as each batch's listing events (a feed's
   * checkpoint). Called once the batches before have been stored, again on each retry
   * (`attempt`); throwing anything but a ConcurrencyError stops the import.
   */
  readonly withEachBatch?: BatchAppends;
};

export const MLS_NAME = /^[A-Za-z0-9_]{1,32}$/;
const MAX_ATTEMPTS = 8;
/** Batches read and decided ahead of the one being appended. */
const LOOKAHEAD = 2;

export const summaryLine = (c: ImportCounts): string => `imported ${c.imported}, changed ${c.changed}, unchanged ${c.unchanged}, rejected ${c.rejected}`;

type Valid = { readonly pdid: string; readonly mls: string; readonly parsed: Extract<ParsedRecord, { ok: true }> };

/**
 * The import path of contract section 4 (also the demo seed's): records are validated, batched,
 * the batch's listing streams are read in one query and folded, each record is decided against
 * its listing, and the whole batch is appended in one atomic appendMany with every stream's
 * expected revision. A concurrency conflict (another importer, or the same listing in the next
 * batch) re-reads and re-decides that batch. Appends happen in file order, so the last record
 * of a listing wins.
 */
export async function importListings(
  store: EventStore,
  source: AsyncIterable<ImportItem> | Iterable<ImportItem>,
  options: ImportOptions,
): Promise<ImportCounts> {
  if (!MLS_NAME.test(options.mls)) throw new Error('The MLS name must be 1 to 32 letters, digits or underscores');
  if (options.timeZone !== undefined) assertTimeZone(options.timeZone);
  const centres = options.postalCodeCentres ?? zipCentres;
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
      const result = validate(item, options);
      if ('message' in result) {
        counts.rejected++;
        rejected.push(result);
        options.onRejected?.(result);
      } else {
        const listingKey = result.parsed.kind === 'listing' ? result.parsed.record.ListingKey : result.parsed.ListingKey;
        for (const message of result.parsed.warnings) options.onWarning?.({ record: item.record, line: item.line, listingKey, message });
        valid.push(result);
      }
    }
    const before = previousAppend;
    const batch = options.withEachBatch ? { items, rejected, hook: options.withEachBatch } : undefined;
    const done = placeAll(valid, centres)
      .then((placed) => appendBatch(store, placed, options.ctx, before, batch))
      .then((c) => {
        counts.imported += c.imported;
        counts.changed += c.changed;
        counts.unchanged += c.unchanged;
        options.onProgress?.(counts);
      });
    previousAppend = done.then(
      () => true,
      () => false,
    );
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

function validate(item: ImportItem, options: ImportOptions): Valid | RejectedRecord {
  const { mls, timeZone } = options;
  let raw: unknown;
  try {
    raw = item.parse();
  } catch (err) {
    return { record: item.record, line: item.line, listingKey: null, message: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = parseResoRecord(raw, { timeZone });
  if (!parsed.ok) {
    const key = (raw as { ListingKey?: unknown } | null)?.ListingKey;
    return {
      record: item.record,
      line: item.line,
      listingKey: typeof key === 'string' || typeof key === 'number' ? String(key).slice(0, 128) : null,
      message: parsed.error,
    };
  }
  const key = parsed.kind === 'listing' ? parsed.record.ListingKey : parsed.ListingKey;
  return { pdid: pdidOf(mls, key), mls, parsed };
}

/** Listings without coordinates at their postal code's centre (the centres are loaded only if one needs them). */
async function placeAll(valid: readonly Valid[], centres: () => Promise<PostalCodeCentres>): Promise<readonly Valid[]> {
  if (!valid.some((v) => v.parsed.kind === 'listing' && needsPlacing(v.parsed.record))) return valid;
  const centreOf = await centres();
  return valid.map((v) =>
    v.parsed.kind === 'listing' && needsPlacing(v.parsed.record) ? { ...v, parsed: { ...v.parsed, record: placeAtPostalCode(v.parsed.record, centreOf) } } : v,
  );
}

async function appendBatch(
  store: EventStore,
  valid: readonly Valid[],
  ctx: CommandContext,
  previousAppend: Promise<boolean>,
  batch: { readonly items: readonly ImportItem[]; readonly rejected: readonly RejectedRecord[]; readonly hook: BatchAppends } | undefined,
): Promise<Omit<ImportCounts, 'rejected'>> {
  const { result } = await decideAndAppend(
    store,
    async (attempt) => {
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
      return { appends, result: c };
    },
    { pauseMs: 20, attempts: MAX_ATTEMPTS },
  );
  return result;
}

class EarlierBatchFailed extends Error {
  override readonly name = 'EarlierBatchFailed';
}

export const foldListing = (stored: readonly StoredEvent[]): Listing =>
  stored.reduce((s, e) => evolveListing(s, e as unknown as ListingEvent), initialListing());
