import type { IsoDate, ResoRecord } from '../../modules/listings/reso-record';
import { isoDate, isValidIsoDate } from './iso-date';

/**
 * The demo's sales records are years old (King County 2014–15, Sacramento 2008); shown as they
 * are, a market report or an estimate "as of today" would rest on no recent month at all. The
 * seed moves every record of a file forward by one whole number of months, so the file's latest
 * day falls in the month before the seed's day: order, spacing and season stay as recorded.
 */
export function monthsToLastFullMonth(latest: IsoDate, today: IsoDate): number {
  return Math.max(0, monthIndex(today) - 1 - monthIndex(latest));
}

/** The same day `months` later; a day the later month lacks (31 May → June) becomes its last day. */
export function monthsLater(date: IsoDate, months: number): IsoDate {
  if (!isValidIsoDate(date)) throw new Error(`not a valid YYYY-MM-DD date: ${date}`);
  const index = monthIndex(date) + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDate(year, month, Math.min(Number(date.slice(8, 10)), lastDay));
}

/** A record's dates `months` later; its key (the sale as recorded) stays. */
export function recordMonthsLater(record: ResoRecord, months: number): ResoRecord {
  if (months === 0) return record;
  const later = (d: IsoDate | null | undefined) => (d ? monthsLater(d.slice(0, 10), months) + d.slice(10) : d);
  return {
    ...record,
    ...(record.CloseDate ? { CloseDate: later(record.CloseDate) } : {}),
    ...(record.ListingContractDate ? { ListingContractDate: later(record.ListingContractDate) } : {}),
    ...(record.ModificationTimestamp ? { ModificationTimestamp: later(record.ModificationTimestamp) } : {}),
  };
}

/** A file's records moved so that its latest day falls in the month before `today` (reads the file twice). */
export async function* movedToLastFullMonth(read: () => AsyncIterable<ResoRecord>, today: IsoDate): AsyncGenerator<ResoRecord> {
  let latest = '';
  for await (const r of read()) latest = [latest, r.CloseDate ?? '', r.ListingContractDate ?? ''].reduce((a, b) => (b > a ? b : a));
  const months = latest ? monthsToLastFullMonth(latest, today) : 0;
  for await (const r of read()) yield recordMonthsLater(r, months);
}

function monthIndex(date: IsoDate): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}
