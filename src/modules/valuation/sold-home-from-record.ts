import type { ResoRecord } from '../listings';
import { dayNumber, type SoldHome } from './sold-home';

/** The sale a Closed listing records; null when it has no price or date to learn from. */
export function soldHomeFromRecord(record: ResoRecord, pdid: string = record.ListingKey): SoldHome | null {
  const price = record.ClosePrice;
  const date = record.CloseDate;
  if (record.StandardStatus !== 'Closed' || !price || price <= 0 || !date) return null;
  return {
    pdid,
    address: record.UnparsedAddress ?? null,
    latitude: record.Latitude,
    longitude: record.Longitude,
    closePrice: price,
    closeDate: date,
    closeDay: dayNumber(date),
    beds: record.BedroomsTotal ?? null,
    baths: record.BathroomsTotalInteger ?? null,
    livingArea: record.LivingArea ?? null,
    lotSize: record.LotSizeSquareFeet ?? null,
    yearBuilt: record.YearBuilt ?? null,
    waterfront: record.WaterfrontYN ?? null,
    view: record.ViewYN ?? null,
  };
}
