import type { IsoDate } from '../../modules/listings/reso-record';

const DAY_MS = 86_400_000;

// Calendar dates are handled as UTC midnights so that no local time zone shifts a day.
export function isoDateToUtcMs(date: IsoDate): number {
  if (!isValidIsoDate(date)) throw new Error(`not a valid YYYY-MM-DD date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

export function isValidIsoDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(ms) && utcMsToIsoDate(ms) === date;
}

export function utcMsToIsoDate(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return utcMsToIsoDate(isoDateToUtcMs(date) + days * DAY_MS);
}

export function isoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
