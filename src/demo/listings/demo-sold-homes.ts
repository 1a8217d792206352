import { KING_COUNTY_CSV, SACRAMENTO_CSV } from '../demo-files';
import { dayNumber, type SoldHome } from '../../modules/valuation/sold-home';
import { soldHomeFromRecord } from '../../modules/valuation/sold-home-from-record';
import { readKingCountySales } from './king-county';
import { readSacramentoListings } from './sacramento';

/** The demo's King County sales on their recorded dates (May 2014 – May 2015), for measuring the valuation. */
export async function kingCountySoldHomes(): Promise<SoldHome[]> {
  const homes: SoldHome[] = [];
  for await (const record of readKingCountySales(KING_COUNTY_CSV)) {
    const home = soldHomeFromRecord(record);
    if (home) homes.push(home);
  }
  return homes;
}

/**
 * The Sacramento file's transactions (a week of May 2008) as sales: the demo shows them as
 * Active listings, but each row is a sale at its price on its date. Condos and homes of
 * unknown type are left out, as the file's few of them are not comparable with houses.
 */
export async function sacramentoSoldHomes(): Promise<SoldHome[]> {
  const homes: SoldHome[] = [];
  for await (const record of readSacramentoListings(SACRAMENTO_CSV)) {
    const date = record.ListingContractDate;
    if (!date || !record.ListPrice || record.PropertySubType !== 'Single Family Residence') continue;
    homes.push({
      pdid: record.ListingKey,
      address: record.UnparsedAddress ?? null,
      latitude: record.Latitude,
      longitude: record.Longitude,
      closePrice: record.ListPrice,
      closeDate: date,
      closeDay: dayNumber(date),
      beds: record.BedroomsTotal ?? null,
      baths: record.BathroomsTotalInteger ?? null,
      livingArea: record.LivingArea ?? null,
      lotSize: null,
      yearBuilt: null,
      waterfront: null,
      view: null,
    });
  }
  return homes;
}
