import { readCsvRows } from './csv-rows';
import { addDays, isoDate, isValidIsoDate } from './iso-date';
import { groupThousands, optionalNumber, requiredNumber } from './parse-fields';
import { hashString, mulberry32, randomInt } from '../../shared/prng';
import type { IsoDate, ResoRecord } from '../../modules/listings/reso-record';
import { kingCountyStreetAddress } from './street-address';
import { loadZipDirectory, requireZip, type ZipDirectory } from '../../modules/listings/zip-directory';

export const KING_COUNTY_COLUMNS = [
  'id',
  'date',
  'price',
  'bedrooms',
  'bathrooms',
  'sqft_living',
  'sqft_lot',
  'floors',
  'waterfront',
  'view',
  'condition',
  'grade',
  'sqft_above',
  'sqft_basement',
  'yr_built',
  'yr_renovated',
  'zipcode',
  'lat',
  'long',
  'sqft_living15',
  'sqft_lot15',
] as const;

export type KingCountyRow = Record<(typeof KING_COUNTY_COLUMNS)[number], string>;

/** King County sales, May 2014 – May 2015, as Closed listings; one record per sale. */
export async function* readKingCountySales(path: string): AsyncGenerator<ResoRecord> {
  const zips = await loadZipDirectory();
  for await (const { line, values } of readCsvRows(path, KING_COUNTY_COLUMNS)) {
    yield kingCountyRecord(values, zips, `${path}:${line}`);
  }
}

export function kingCountyRecord(row: KingCountyRow, zips: ZipDirectory, where: string): ResoRecord {
  const closeDate = parseUsDate(row.date, where);
  const price = Math.round(requiredNumber(row.price, 'price', where));
  const latitude = requiredNumber(row.lat, 'lat', where);
  const longitude = requiredNumber(row.long, 'long', where);
  const waterfront = optionalNumber(row.waterfront, 'waterfront', where);
  const view = optionalNumber(row.view, 'view', where);
  const yearBuilt = requiredNumber(row.yr_built, 'yr_built', where);
  const yearRenovated = optionalNumber(row.yr_renovated, 'yr_renovated', where);
  const lotSqft = requiredNumber(row.sqft_lot, 'sqft_lot', where);

  // A parcel sold twice in the year is two listings, so the sale date is part of the key.
  const listingKey = `${row.id}-${closeDate.replaceAll('-', '')}`;
  const perSale = mulberry32(hashString(listingKey));
  // The street depends on the parcel alone, so both sales of a house share one address.
  const perParcel = mulberry32(hashString(row.id));

  return {
    ListingKey: listingKey,
    ListingId: listingKey,
    StandardStatus: 'Closed',
    // Sales records carry only the sale price; the asking price is not known.
    ListPrice: price,
    ClosePrice: price,
    CloseDate: closeDate,
    // Contract date is not recorded: a stable 10–60 days before closing, typical escrow time.
    ListingContractDate: addDays(closeDate, -randomInt(perSale, 10, 60)),
    ModificationTimestamp: `${closeDate}T00:00:00.000Z`,
    Latitude: latitude,
    Longitude: longitude,
    // The file has no street: this address is invented (see kingCountyStreetAddress).
    UnparsedAddress: kingCountyStreetAddress(perParcel, latitude, longitude),
    City: requireZip(zips, row.zipcode, where).city,
    StateOrProvince: 'WA',
    PostalCode: row.zipcode,
    CountyOrParish: 'King',
    BedroomsTotal: requiredNumber(row.bedrooms, 'bedrooms', where),
    // Assessor bath counts come in quarters (2.25 = two baths and a sink-and-toilet room),
    // so the whole number is the count of full-ish bathrooms.
    BathroomsTotalInteger: Math.floor(requiredNumber(row.bathrooms, 'bathrooms', where)),
    LivingArea: requiredNumber(row.sqft_living, 'sqft_living', where),
    LotSizeSquareFeet: lotSqft,
    YearBuilt: yearBuilt,
    PropertyType: 'Residential',
    // The data set holds house sales only (no condos or land).
    PropertySubType: 'Single Family Residence',
    // Empty waterfront/view fields (~11% and 0.3% of rows) are unknown, not "no".
    WaterfrontYN: waterfront === null ? null : waterfront > 0,
    // `view` is a 0–4 rating of the view; any rating means the house has one.
    ViewYN: view === null ? null : view > 0,
    // Built in the year of sale (or sold before completion): sold as new construction.
    NewConstructionYN: yearBuilt >= Number(closeDate.slice(0, 4)),
    // Also says in words the year built, renovation and lot size.
    PublicRemarks: `Built in ${yearBuilt}` + (yearRenovated ? `, renovated in ${yearRenovated}` : '') + `. ${groupThousands(lotSqft)} sq ft lot.`,
  };
}

/** `10/13/2014` → `2014-10-13`. */
function parseUsDate(text: string, where: string): IsoDate {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) throw new Error(`${where}: date is not M/D/YYYY: "${text}"`);
  const date = isoDate(Number(match[3]), Number(match[1]), Number(match[2]));
  if (!isValidIsoDate(date)) throw new Error(`${where}: no such date: "${text}"`);
  return date;
}
