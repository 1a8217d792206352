import type { ListingRecord, ListingStatus } from '../listing-record';
import type { OpenHouseEntry } from '../open-house';
import { parseOpenHouses } from './parse-open-houses';
import { RecordError, text, UNSTORABLE } from './record-fields';

export type ParsedRecord =
  | { readonly ok: true; readonly kind: 'listing'; readonly record: ListingRecord; readonly openHouses: readonly OpenHouseEntry[] }
  /** StandardStatus Delete: the feed withdraws the listing from every search. */
  | { readonly ok: true; readonly kind: 'delete'; readonly ListingKey: string; readonly ModificationTimestamp: string | null }
  | { readonly ok: false; readonly error: string };

/** What a source tells the parser about its records. */
export type ParseOptions = {
  /**
   * IANA zone for timestamps without an offset (a feed's setting). Feeds already hand the parser
   * ModificationTimestamp with its offset (sync-feed reads it in this zone first, since the
   * checkpoint depends on it); the other timestamps are for the parser to read in it.
   */
  readonly timeZone?: string;
};

const STATUSES = new Set<string>([
  'Active', 'Active Under Contract', 'Canceled', 'Closed', 'Coming Soon', 'Expired', 'Hold',
  'Incomplete', 'Pending', 'Withdrawn',
]);

// A pdid travels in URL paths (/api/details/{pdid}), so keys keep to URL-safe characters.
const LISTING_KEY = /^[A-Za-z0-9._~-]{1,128}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const MAX_TEXT = 4000;
const MAX_PHOTOS = 200;

/**
 * Validates one RESO Data Dictionary record (contract section 4) and normalises it: every
 * field present, blank strings as null, dates as YYYY-MM-DD, the timestamp as a full ISO
 * instant, photos ordered, open houses checked. Fields outside the contract are ignored; a
 * field of the wrong type rejects the record with a message naming the field.
 */
export function parseResoRecord(raw: unknown, _options: ParseOptions = {}): ParsedRecord {
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RecordError('a record must be a JSON object');
    const r = raw as Record<string, unknown>;
    const ListingKey = r.ListingKey;
    if (typeof ListingKey !== 'string' || !LISTING_KEY.test(ListingKey)) {
      throw new RecordError('ListingKey must be 1 to 128 letters, digits or . _ ~ -');
    }
    const status = r.StandardStatus;
    const ModificationTimestamp = timestamp(r, 'ModificationTimestamp');
    if (status === 'Delete') return { ok: true, kind: 'delete', ListingKey, ModificationTimestamp };
    if (typeof status !== 'string' || !STATUSES.has(status)) {
      throw new RecordError(`StandardStatus must be a RESO StandardStatus (got ${JSON.stringify(status ?? null)})`);
    }
    const ListPrice = number(r, 'ListPrice', 0, 1e12);
    const ClosePrice = number(r, 'ClosePrice', 0, 1e12);
    if (ListPrice === null && ClosePrice === null) throw new RecordError('ListPrice or ClosePrice is required');
    const Latitude = number(r, 'Latitude', -90, 90);
    const Longitude = number(r, 'Longitude', -180, 180);
    if (Latitude === null || Longitude === null) throw new RecordError('Latitude and Longitude are required');
    const record: ListingRecord = {
      ListingKey,
      StandardStatus: status as ListingStatus,
      ListPrice,
      ClosePrice,
      CloseDate: date(r, 'CloseDate'),
      ModificationTimestamp,
      ListingId: text(r, 'ListingId', 128),
      UnparsedAddress: text(r, 'UnparsedAddress', 300),
      City: text(r, 'City', 100),
      StateOrProvince: text(r, 'StateOrProvince', 50),
      PostalCode: text(r, 'PostalCode', 20),
      CountyOrParish: text(r, 'CountyOrParish', 100),
      Latitude,
      Longitude,
      BedroomsTotal: number(r, 'BedroomsTotal', 0, 10_000),
      BathroomsTotalInteger: number(r, 'BathroomsTotalInteger', 0, 10_000),
      LivingArea: number(r, 'LivingArea', 0, 1e9),
      PropertyType: text(r, 'PropertyType', 100),
      PropertySubType: text(r, 'PropertySubType', 100),
      ListingContractDate: date(r, 'ListingContractDate'),
      PublicRemarks: text(r, 'PublicRemarks', MAX_TEXT),
      WaterfrontYN: bool(r, 'WaterfrontYN'),
      ViewYN: bool(r, 'ViewYN'),
      PoolPrivateYN: bool(r, 'PoolPrivateYN'),
      NewConstructionYN: bool(r, 'NewConstructionYN'),
      photos: media(r.Media),
    };
    return { ok: true, kind: 'listing', record, openHouses: parseOpenHouses(r.OpenHouse) };
  } catch (err) {
    if (err instanceof RecordError) return { ok: false, error: err.message };
    throw err;
  }
}

function number(r: Record<string, unknown>, field: string, min: number, max: number): number | null {
  const v = r[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new RecordError(`${field} must be a number from ${min} to ${max} (got ${JSON.stringify(v)})`);
  }
  return v;
}

function bool(r: Record<string, unknown>, field: string): boolean | null {
  const v = r[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') throw new RecordError(`${field} must be true, false or null (got ${JSON.stringify(v)})`);
  return v;
}

function date(r: Record<string, unknown>, field: string): string | null {
  const v = r[field];
  if (v === undefined || v === null || v === '') return null;
  const m = typeof v === 'string' ? DATE.exec(v) : null;
  if (!m) throw new RecordError(`${field} must be a YYYY-MM-DD date (got ${JSON.stringify(v)})`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new RecordError(`${field} is not a calendar date: ${JSON.stringify(v)}`);
  return iso;
}

function timestamp(r: Record<string, unknown>, field: string): string | null {
  const v = r[field];
  if (v === undefined || v === null || v === '') return null;
  const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(ms)) throw new RecordError(`${field} must be an ISO 8601 timestamp (got ${JSON.stringify(v)})`);
  return new Date(ms).toISOString();
}

function media(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new RecordError('Media must be an array of {MediaURL, Order}');
  if (v.length > MAX_PHOTOS) throw new RecordError(`Media has more than ${MAX_PHOTOS} items`);
  const items = v.map((m, i) => {
    const item = m as { MediaURL?: unknown; Order?: unknown } | null;
    if (typeof item !== 'object' || item === null) throw new RecordError(`Media[${i}] must be an object`);
    const url = item.MediaURL;
    if (typeof url !== 'string' || !isPhotoUrl(url)) throw new RecordError(`Media[${i}].MediaURL must be an http(s) URL or a path on this site`);
    const order = item.Order ?? i;
    if (typeof order !== 'number' || !Number.isFinite(order)) throw new RecordError(`Media[${i}].Order must be a number`);
    return { url, order, i };
  });
  items.sort((a, b) => a.order - b.order || a.i - b.i);
  return [...new Set(items.map((m) => m.url))];
}

function isPhotoUrl(url: string): boolean {
  if (url.length > 2000 || UNSTORABLE.test(url)) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
