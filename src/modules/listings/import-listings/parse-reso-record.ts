import type { ListingRecord, ListingStatus } from '../listing-record';
import type { OpenHouseEntry } from '../open-house';
import { parseOpenHouses } from './parse-open-houses';
import { FieldReader, RecordError, short, toBool, toNumber, UNSTORABLE } from './record-fields';
import { propertySubTypeOf, propertyTypeOf, standardStatusOf } from './reso-lookups';
import { streetAddress } from './street-address';

export type ParseOptions = {
  /**
   * The feed's IANA time zone (e.g. America/Chicago) for timestamps without an offset; UTC when
   * not given. Given, open house times are also written at its offset (the listing's local time).
   */
  readonly timeZone?: string;
};

export type ParsedRecord =
  | {
      readonly ok: true;
      readonly kind: 'listing';
      readonly record: ListingRecord;
      /** Null when the record's open house list could not be read: the listing's stay as they are. */
      readonly openHouses: readonly OpenHouseEntry[] | null;
      /**
       * False when the record carried no Media at all (absent or null): a partial record, or a
       * feed that did not expand Media. The listing's photos stay as they are; only an empty
       * list says "no photos".
       */
      readonly mediaGiven: boolean;
      /** What was dropped from the record (a date that is not a date...), each naming the field. */
      readonly warnings: readonly string[];
    }
  /** StandardStatus Delete, or MLS Grid's MlgCanView false: the listing leaves every search. */
  | {
      readonly ok: true;
      readonly kind: 'delete';
      readonly ListingKey: string;
      readonly ModificationTimestamp: string | null;
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

// A pdid travels in URL paths (/api/details/{pdid}), so keys keep to URL-safe characters.
const LISTING_KEY = /^[A-Za-z0-9._~-]{1,128}$/;
const MAX_TEXT = 4000;
const MAX_PHOTOS = 200;
/** Media that are not photos: a gallery cannot show them. */
const NOT_PHOTOS = /video|virtual ?tour|document|pdf|audio/i;

/**
 * Reads one RESO Data Dictionary record as real feeds send it (contract sections 4 and 4a) and
 * normalises it: every field present, blanks null, lookups by display or lookup name, numbers
 * and booleans from strings, dates as YYYY-MM-DD, timestamps as full ISO instants (read in the
 * feed's time zone when they carry no offset), the address from its street parts, photos in
 * order. Only what cannot be a listing rejects it (no usable ListingKey, StandardStatus or
 * price), with a message naming the field; anything else unreadable is dropped with a warning.
 * Fields outside the contract (Rooms, an MLS's own fields) are ignored.
 */
export function parseResoRecord(raw: unknown, options: ParseOptions = {}): ParsedRecord {
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RecordError('a record must be a JSON object');
    const f = new FieldReader(raw as Record<string, unknown>, options.timeZone ?? 'UTC');
    const r = f.r;
    const ListingKey = typeof r.ListingKey === 'number' && Number.isSafeInteger(r.ListingKey) ? String(r.ListingKey) : r.ListingKey;
    if (typeof ListingKey !== 'string' || !LISTING_KEY.test(ListingKey)) {
      throw new RecordError(`ListingKey must be 1 to 128 letters, digits or . _ ~ - (got ${short(r.ListingKey ?? null)})`);
    }
    const ModificationTimestamp = f.timestamp('ModificationTimestamp');
    // MLS Grid marks a record it no longer licenses with MlgCanView false: a delete.
    if (toBool(r.MlgCanView) === false) return { ok: true, kind: 'delete', ListingKey, ModificationTimestamp, warnings: f.warnings };
    if (r.StandardStatus === undefined || r.StandardStatus === null || r.StandardStatus === '') throw new RecordError('StandardStatus is required');
    const status = typeof r.StandardStatus === 'string' ? standardStatusOf(r.StandardStatus) : undefined;
    if (status === undefined) throw new RecordError(`StandardStatus must be a RESO StandardStatus (got ${short(r.StandardStatus)})`);
    if (status === 'Delete') return { ok: true, kind: 'delete', ListingKey, ModificationTimestamp, warnings: f.warnings };

    // A price that cannot be read rejects the record only when it is the only price there is.
    const ListPrice = f.number('ListPrice', 0, 1e12, { required: toNumber(r.ClosePrice) === undefined });
    const ClosePrice = f.number('ClosePrice', 0, 1e12, { required: ListPrice === null });
    if (ListPrice === null && ClosePrice === null) throw new RecordError('ListPrice or ClosePrice is required');

    const City = f.text('City', 100);
    const StateOrProvince = f.text('StateOrProvince', 50);
    const PostalCode = f.text('PostalCode', 20);
    const addressShown = f.bool('InternetAddressDisplayYN');
    const point = coordinates(f);
    // The exact point would give away an address the MLS says not to show: the importer places
    // such a listing at its postal code's centre, like one without coordinates.
    const located = point !== null && addressShown !== false;
    const record: ListingRecord = {
      ListingKey,
      StandardStatus: status as ListingStatus,
      ListPrice,
      ClosePrice,
      CloseDate: f.date('CloseDate'),
      ModificationTimestamp,
      ListingId: f.text('ListingId', 128),
      UnparsedAddress: streetAddress(f, { city: City, state: StateOrProvince, postalCode: PostalCode }),
      City,
      StateOrProvince,
      PostalCode,
      CountyOrParish: f.text('CountyOrParish', 100),
      Latitude: located ? point.lat : null,
      Longitude: located ? point.lng : null,
      locationApproximate: !located,
      BedroomsTotal: f.number('BedroomsTotal', 0, 10_000),
      BathroomsTotalInteger: bathrooms(f),
      LivingArea: f.number('LivingArea', 0, 1e9),
      LotSizeSquareFeet: lotSquareFeet(f),
      YearBuilt: f.number('YearBuilt', 1000, 2200),
      PropertyType: lookupText(f, 'PropertyType', propertyTypeOf),
      PropertySubType: lookupText(f, 'PropertySubType', propertySubTypeOf),
      ListingContractDate: f.date('ListingContractDate'),
      PublicRemarks: f.text('PublicRemarks', MAX_TEXT),
      WaterfrontYN: f.bool('WaterfrontYN'),
      ViewYN: f.bool('ViewYN'),
      PoolPrivateYN: f.bool('PoolPrivateYN'),
      NewConstructionYN: f.bool('NewConstructionYN'),
      OriginalListPrice: f.number('OriginalListPrice', 0, 1e12),
      PreviousListPrice: f.number('PreviousListPrice', 0, 1e12),
      ListOfficeName: f.text('ListOfficeName', 200),
      ListAgentFullName: f.text('ListAgentFullName', 200) ?? joinNames(f.text('ListAgentFirstName', 100), f.text('ListAgentLastName', 100)),
      ListAgentMlsId: f.text('ListAgentMlsId', 128),
      ListOfficeMlsId: f.text('ListOfficeMlsId', 128),
      InternetAddressDisplayYN: addressShown,
      InternetEntireListingDisplayYN: f.bool('InternetEntireListingDisplayYN'),
      photos: media(f),
    };
    const openHouses = parseOpenHouses(f, options.timeZone);
    return { ok: true, kind: 'listing', record, openHouses, mediaGiven: r.Media !== undefined && r.Media !== null, warnings: f.warnings };
  } catch (err) {
    if (err instanceof RecordError) return { ok: false, error: err.message };
    throw err;
  }
}

/**
 * Latitude and Longitude, or Bridge's `Coordinates: [lng, lat]`. 0,0 (in the ocean) is what some
 * MLSs write for "not geocoded": no point, like a missing one.
 */
function coordinates(f: FieldReader): { lat: number; lng: number } | null {
  let lat = f.number('Latitude', -90, 90);
  let lng = f.number('Longitude', -180, 180);
  const c = f.r.Coordinates;
  if ((lat === null || lng === null) && Array.isArray(c) && c.length === 2) {
    const [x, y] = c.map(toNumber);
    if (x !== undefined && y !== undefined && Math.abs(y) <= 90 && Math.abs(x) <= 180) [lat, lng] = [y, x];
  }
  if (lat === null || lng === null) return null;
  if (lat === 0 && lng === 0) {
    f.warn('Latitude and Longitude are 0, 0 (not geocoded); dropped');
    return null;
  }
  return { lat, lng };
}

/** BathroomsTotalInteger, else BathroomsTotalDecimal rounded up: RESO counts each partial bathroom as one (2.5 is 3). */
function bathrooms(f: FieldReader): number | null {
  const decimal = f.number('BathroomsTotalInteger', 0, 10_000) ?? f.number('BathroomsTotalDecimal', 0, 10_000);
  return decimal === null ? null : Math.ceil(decimal);
}

/** Square feet in one of RESO's LotSizeUnits (display or lookup name, any case). */
const LOT_UNITS: Readonly<Record<string, number>> = { acres: 43_560, squarefeet: 1, squaremeters: 10.763_910_4 };

/** The land in square feet: LotSizeSquareFeet, else LotSizeAcres, else LotSizeArea in its LotSizeUnits. */
function lotSquareFeet(f: FieldReader): number | null {
  const feet = f.number('LotSizeSquareFeet', 0, 1e12);
  const acres = feet === null ? f.number('LotSizeAcres', 0, 1e7) : null;
  if (feet !== null || acres !== null) return feet ?? Math.round(acres! * LOT_UNITS.acres!);
  const [area, units] = [f.number('LotSizeArea', 0, 1e12), f.text('LotSizeUnits', 50)];
  const perUnit = LOT_UNITS[(units ?? '').replace(/[\s_-]/g, '').toLowerCase()];
  if (area !== null && perUnit === undefined)
    f.warn(`LotSizeArea needs LotSizeUnits of Acres, Square Feet or Square Meters (got ${units === null ? 'none' : short(units)}); dropped`);
  return area === null || perUnit === undefined ? null : Math.round(area * perUnit);
}

/** A lookup by its display name when it is a RESO one; an MLS's own value as it came. */
function lookupText(f: FieldReader, field: string, known: (v: string) => string | undefined): string | null {
  const t = f.text(field, 100);
  return t === null ? null : (known(t) ?? t);
}

const joinNames = (first: string | null, last: string | null): string | null => [first, last].filter((x) => x !== null).join(' ') || null;

/** Photo URLs in Media[].Order (a number or a string of one), without what is not a photo. */
function media(f: FieldReader): string[] {
  const v = f.r.Media;
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    f.warn('Media must be a list of {MediaURL, Order}; dropped');
    return [];
  }
  const items: { url: string; order: number; i: number }[] = [];
  v.forEach((m: unknown, i) => {
    if (typeof m !== 'object' || m === null) return f.warn(`Media[${i}] must be an object; dropped`);
    const item = m as Record<string, unknown>;
    // MLS Grid keeps a removed photo in the list with MlgCanView false.
    if (toBool(item.MlgCanView) === false) return;
    const category = typeof item.MediaCategory === 'string' ? item.MediaCategory : '';
    if (NOT_PHOTOS.test(category)) return;
    const url = item.MediaURL;
    if (typeof url !== 'string' || !isPhotoUrl(url.trim()))
      return f.warn(`Media[${i}].MediaURL must be an http(s) URL or a path on this site (got ${short(url ?? null)}); dropped`);
    const order = toNumber(item.Order) ?? i;
    items.push({ url: url.trim(), order, i });
  });
  items.sort((a, b) => a.order - b.order || a.i - b.i);
  const urls = [...new Set(items.map((m) => m.url))];
  if (urls.length > MAX_PHOTOS) f.warn(`Media has more than ${MAX_PHOTOS} photos; the first ${MAX_PHOTOS} kept`);
  return urls.slice(0, MAX_PHOTOS);
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
