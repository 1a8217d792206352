import type { NewEvent } from '../shared/event';
import type { ExpectedRevision, StreamAppend } from './event-store.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class MalformedEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedEventError';
  }
}

/**
 * Refuses an event before it reaches any store: a type, a uuid, and data that survives a JSON
 * round trip unchanged (no functions, symbols, bigints, NaN, class instances or cycles) and that
 * every store can hold (no NUL characters or lone surrogates), so that what is read back is
 * what was decided.
 */
export function assertWellFormed(event: NewEvent): void {
  if (typeof event.type !== 'string' || !/^[A-Za-z][A-Za-z0-9_.:-]{0,199}$/.test(event.type)) {
    throw new MalformedEventError(`Event type must be a name of letters and digits (got ${JSON.stringify(event.type)})`);
  }
  if (typeof event.eventId !== 'string' || !UUID.test(event.eventId)) {
    throw new MalformedEventError(`Event ${event.type} needs a uuid eventId`);
  }
  if (event.data === undefined) throw new MalformedEventError(`Event ${event.type} has no data`);
  if (!storable(event.data, 0)) checkJson(event.data, `${event.type}.data`, new Set());
  if (!event.metadata || typeof event.metadata.at !== 'string' || Number.isNaN(Date.parse(event.metadata.at))) {
    throw new MalformedEventError(`Event ${event.type} needs metadata with an ISO 'at'`);
  }
  if (!storable(event.metadata, 0)) checkJson(event.metadata, `${event.type}.metadata`, new Set());
}

/** Deeper than this is taken for a cycle, and checkJson says where. */
const MAX_DEPTH = 64;

/**
 * checkJson's test without its paths: a bulk import checks a thousand events of forty fields in
 * each append, and naming every field on the way costs more than the test. Only when this says
 * no does checkJson go over the value again, to name what is wrong.
 */
function storable(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      return !UNSTORABLE.test(value);
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (const v of value) if (v === undefined || !storable(v, depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in value) {
        const v = (value as Record<string, unknown>)[k];
        if (UNSTORABLE.test(k) || (v !== undefined && !storable(v, depth + 1))) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

// JSON can carry these, but PostgreSQL's jsonb refuses them (and other stores mangle them):
// a NUL character, and half of a UTF-16 surrogate pair.
// oxlint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function checkString(value: string, path: string): void {
  if (UNSTORABLE.test(value)) throw new MalformedEventError(`${path} holds a NUL character or a lone surrogate`);
}

function checkJson(value: unknown, path: string, seen: Set<object>): void {
  switch (typeof value) {
    case 'string':
      checkString(value, path);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new MalformedEventError(`${path} is not a finite number`);
      return;
    case 'object': {
      if (value === null) return;
      if (seen.has(value)) throw new MalformedEventError(`${path} is circular`);
      seen.add(value);
      if (Array.isArray(value)) {
        value.forEach((v, i) => {
          if (v === undefined) throw new MalformedEventError(`${path}[${i}] is undefined`);
          checkJson(v, `${path}[${i}]`, seen);
        });
      } else {
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) {
          throw new MalformedEventError(`${path} is a ${proto?.constructor?.name ?? 'class'} instance, not plain data`);
        }
        for (const [k, v] of Object.entries(value)) {
          checkString(k, `${path} key`);
          if (v !== undefined) checkJson(v, `${path}.${k}`, seen);
        }
      }
      seen.delete(value);
      return;
    }
    default:
      throw new MalformedEventError(`${path} is a ${typeof value}, which JSON cannot hold`);
  }
}

/**
 * Refuses a malformed append before any adapter sends it: every stream named once, with events,
 * a known expected revision, well-formed events and no event id twice.
 */
export function assertValidAppends(appends: readonly StreamAppend[]): void {
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const a of appends) {
    if (!a.streamId) throw new MalformedEventError('An append needs a stream id');
    if (streams.has(a.streamId)) throw new MalformedEventError(`Stream ${a.streamId} appears twice in one append`);
    if (a.events.length === 0) throw new MalformedEventError(`Append to ${a.streamId} has no events`);
    assertExpectedRevision(a.expected);
    streams.add(a.streamId);
    for (const e of a.events) {
      assertWellFormed(e);
      // Two copies of one event in a single append can only be a caller's mistake; left to the
      // store it would read as a lost race.
      const id = e.eventId.toLowerCase();
      if (ids.has(id)) throw new MalformedEventError(`Event ${e.eventId} appears twice in one append`);
      ids.add(id);
    }
  }
}

function assertExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new MalformedEventError('An expected revision cannot be negative');
    return;
  }
  // Anything else would match none of the stores' checks and append unconditionally.
  if (expected !== 'no_stream' && expected !== 'stream_exists' && expected !== 'any') {
    throw new MalformedEventError(`Unknown expected revision ${JSON.stringify(expected)}`);
  }
}
