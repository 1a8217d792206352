import { parseFeedTime } from './feed-time';

/** A record that cannot be a listing: the message names the field (and the item of a list). */
export class RecordError extends Error {}

// Text that a JSON store cannot hold (NUL, lone surrogates) is taken out here, with a warning,
// rather than failing the whole batch's append later.
// oxlint-disable-next-line no-control-regex -- control characters are what it looks for
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;
const TRUE = new Set(['true', 'y', 'yes', 't', '1']);
const FALSE = new Set(['false', 'n', 'no', 'f', '0']);

/**
 * Reads the fields of one raw record the way real feeds write them, and collects what it had
 * to drop as warnings: numbers and booleans may come as strings (`"474800"`, `"Y"`), blanks are
 * null, a value that cannot be read is dropped with a warning naming the field. `fail` makes a
 * field required: then a value that cannot be read rejects the record (RecordError).
 */
export class FieldReader {
  readonly warnings: string[] = [];

  constructor(
    readonly r: Readonly<Record<string, unknown>>,
    /** IANA zone for timestamps without an offset. */
    readonly timeZone: string,
  ) {}

  warn(message: string): void {
    this.warnings.push(message);
  }

  /** Text, trimmed (blank is null); numbers are taken as their digits. `name` is how messages call it. */
  text(field: string, max: number, name = field, r = this.r): string | null {
    const v = r[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      this.warn(`${name} must be text (got ${short(v)}); dropped`);
      return null;
    }
    let t = String(v).trim();
    if (UNSTORABLE.test(t)) {
      this.warn(`${name} held a NUL character or a broken surrogate pair; removed`);
      t = t.replace(UNSTORABLE_ALL, '');
    }
    if (t.length > max) {
      this.warn(`${name} is longer than ${max} characters; cut`);
      t = t.slice(0, max).trimEnd();
    }
    return t === '' ? null : t;
  }

  /** A number, or a string of one (`"474800"`, `"1,250.5"`, `"$474,800"`); out of range or unreadable: dropped. */
  number(field: string, min: number, max: number, o: { required?: boolean } = {}): number | null {
    const v = this.r[field];
    if (v === undefined || v === null || v === '') return null;
    const n = toNumber(v);
    if (n === undefined || n < min || n > max) {
      const message = `${field} must be a number from ${min} to ${max} (got ${short(v)})`;
      if (o.required) throw new RecordError(message);
      this.warn(`${message}; dropped`);
      return null;
    }
    return n;
  }

  /** true/false, `"Y"`/`"N"`, `"Yes"`/`"No"`, `"true"`/`"false"`, 1/0 (any case). */
  bool(field: string): boolean | null {
    const v = this.r[field];
    const b = toBool(v);
    if (b === undefined) {
      this.warn(`${field} must be true or false (got ${short(v)}); dropped`);
      return null;
    }
    return b;
  }

  /** `YYYY-MM-DD` (a date-time gives its date); what is not a date (`TBD`) is dropped. */
  date(field: string): string | null {
    const v = this.r[field];
    if (v === undefined || v === null || v === '') return null;
    const m = typeof v === 'string' ? /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(v) : null;
    const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
    const d = m ? new Date(`${iso}T00:00:00Z`) : undefined;
    if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
      this.warn(`${field} is not a date (got ${short(v)}); dropped`);
      return null;
    }
    return iso;
  }

  /** A full ISO instant; a time without an offset is read in the feed's time zone. */
  timestamp(field: string): string | null {
    const v = this.r[field];
    if (v === undefined || v === null || v === '') return null;
    const t = typeof v === 'string' ? parseFeedTime(v, this.timeZone) : undefined;
    if (!t) {
      this.warn(`${field} is not an ISO 8601 timestamp (got ${short(v)}); dropped`);
      return null;
    }
    return new Date(t.ms).toISOString();
  }
}

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const t = v.trim().replace(/^\$\s*/, '');
  if (t === '' || t === '.' || !NUMBER.test(t)) return undefined;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

/** Undefined when the value says neither true nor false; null when absent or blank. */
export function toBool(v: unknown): boolean | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'boolean') return v;
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  if (t === undefined) return undefined;
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  return undefined;
}

/** A value as a message shows it: JSON, cut short. */
export function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
