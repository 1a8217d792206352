import { readCsvRows } from './csv-rows';
import { isoDate, isValidIsoDate } from './iso-date';
import { positiveOrNull, requiredNumber } from './parse-fields';
import type { IsoDate, IsoTimestamp, ResoRecord } from '../../modules/listings/reso-record';
import { titleCase } from './title-case';
import { loadZipDirectory, requireZip, type ZipDirectory } from '../../modules/listings/zip-directory';

export const SACRAMENTO_COLUMNS = [
  'street',
  'city',
  'zip',
  'state',
  'bedrooms',
  'bathrooms',
  'sq_ft',
  'type',
  'sale_date',
  'price',
  'latitude',
  'longitude',
] as const;

export type SacramentoRow = Record<(typeof SACRAMENTO_COLUMNS)[number], string>;

const PROPERTY_TYPES = new Map<string, { type: string | null; subType: string | null }>([
  ['Residential', { type: 'Residential', subType: 'Single Family Residence' }],
  ['Condo', { type: 'Residential', subType: 'Condominium' }],
  // The unit count is not given, so Duplex/Triplex/Quadruplex cannot be told apart.
  ['Multi-Family', { type: 'Residential Income', subType: null }],
  // Spelled so in the source.
  ['Unkown', { type: null, subType: null }],
]);

/** Sacramento-area records (May 2008) as Active listings at their recorded price. */
export async function* readSacramentoListings(path: string): AsyncGenerator<ResoRecord> {
  const zips = await loadZipDirectory();
  for await (const { line, values } of readCsvRows(path, SACRAMENTO_COLUMNS)) {
    yield sacramentoRecord(values, line - 1, zips, `${path}:${line}`);
  }
}

/** `rowNumber` is 1-based, header excluded. */
export function sacramentoRecord(row: SacramentoRow, rowNumber: number, zips: ZipDirectory, where: string): ResoRecord {
  const propertyType = PROPERTY_TYPES.get(row.type);
  if (!propertyType) throw new Error(`${where}: unknown type "${row.type}"`);
  const sale = parseJavaDate(row.sale_date, where);
  // The file has no id, and three rows are exact copies of another row, so only the row
  // number is unique; zero-padded so that keys sort in file order.
  const listingKey = `SAC-${String(rowNumber).padStart(4, '0')}`;

  return {
    ListingKey: listingKey,
    ListingId: listingKey,
    StandardStatus: 'Active',
    ListPrice: requiredNumber(row.price, 'price', where),
    ListingContractDate: sale.date,
    ModificationTimestamp: sale.timestamp,
    Latitude: requiredNumber(row.latitude, 'latitude', where),
    Longitude: requiredNumber(row.longitude, 'longitude', where),
    UnparsedAddress: titleCase(row.street),
    City: titleCase(row.city),
    StateOrProvince: row.state,
    PostalCode: row.zip,
    CountyOrParish: requireZip(zips, row.zip, where).county,
    // The file writes 0 where a count or size was not recorded (lots and unknowns).
    BedroomsTotal: positiveOrNull(requiredNumber(row.bedrooms, 'bedrooms', where)),
    BathroomsTotalInteger: positiveOrNull(requiredNumber(row.bathrooms, 'bathrooms', where)),
    LivingArea: positiveOrNull(requiredNumber(row.sq_ft, 'sq_ft', where)),
    PropertyType: propertyType.type,
    PropertySubType: propertyType.subType,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ZONE_OFFSET_HOURS = new Map<string, number>([
  ['EST', -5],
  ['EDT', -4],
  ['CST', -6],
  ['CDT', -5],
  ['MST', -7],
  ['MDT', -6],
  ['PST', -8],
  ['PDT', -7],
  ['UTC', 0],
  ['GMT', 0],
]);

/**
 * `Wed May 21 00:00:00 EDT 2008` (Java's Date.toString). The date is taken as written; the
 * timestamp is the real instant, so midnight EDT is 04:00Z.
 */
function parseJavaDate(text: string, where: string): { date: IsoDate; timestamp: IsoTimestamp } {
  const match = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([A-Z]{3}) (\d{4})$/.exec(text);
  const [, monthName = '', day = '', hours = '', minutes = '', seconds = '', zone = '', year = ''] = match ?? [];
  const month = MONTHS.indexOf(monthName) + 1;
  const offset = ZONE_OFFSET_HOURS.get(zone);
  const date = isoDate(Number(year), month, Number(day));
  if (!match || month === 0 || offset === undefined || !isValidIsoDate(date)) {
    throw new Error(`${where}: sale_date is not like "Wed May 21 00:00:00 EDT 2008": "${text}"`);
  }
  const instant = Date.UTC(Number(year), month - 1, Number(day), Number(hours) - offset, Number(minutes), Number(seconds));
  return { date, timestamp: new Date(instant).toISOString() };
}
