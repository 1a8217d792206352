/** A closed sale as the valuation reads it; null is "not recorded". */
export interface SoldHome {
  readonly pdid: string;
  readonly address: string | null;
  readonly latitude: number;
  readonly longitude: number;
  readonly closePrice: number;
  /** `YYYY-MM-DD`. */
  readonly closeDate: string;
  /** Days since 1970-01-01, for arithmetic on dates. */
  readonly closeDay: number;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly livingArea: number | null;
  readonly lotSize: number | null;
  readonly yearBuilt: number | null;
  readonly waterfront: boolean | null;
  readonly view: boolean | null;
}

/** The home being valued: a place and whatever the owner knows of it. */
export interface ValuationSubject {
  readonly latitude: number;
  readonly longitude: number;
  readonly beds?: number | null;
  readonly baths?: number | null;
  readonly livingArea?: number | null;
  readonly lotSize?: number | null;
  readonly yearBuilt?: number | null;
  readonly waterfront?: boolean | null;
  readonly view?: boolean | null;
}

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}

export function dayBefore(isoDate: string): string {
  return new Date((dayNumber(isoDate) - 1) * 86_400_000).toISOString().slice(0, 10);
}

export const MILES_PER_DEGREE_LATITUDE = 69.0;

export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat1 - lat2) * MILES_PER_DEGREE_LATITUDE;
  const dx = (lng1 - lng2) * MILES_PER_DEGREE_LATITUDE * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.hypot(dx, dy);
}
