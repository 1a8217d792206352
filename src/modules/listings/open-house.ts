import { isUpcoming } from '../../contract/open-house-time';
/** RESO OpenHouseType: a public open house, or one for agents only. */
export type OpenHouseType = 'Public' | 'Broker';
/** RESO OpenHouseStatus. */
export type OpenHouseStatus = 'Active' | 'Cancelled' | 'Ended';

/**
 * One scheduled open house of a listing (RESO OpenHouse resource). The times are ISO date-times
 * that keep the offset the feed wrote them with (`2026-11-28T13:00:00-08:00`): that offset is
 * the listing's local time, which is what people are shown.
 */
export type OpenHouse = {
  readonly OpenHouseKey: string;
  readonly OpenHouseStartTime: string;
  readonly OpenHouseEndTime: string;
  readonly OpenHouseType: OpenHouseType;
  readonly OpenHouseRemarks: string | null;
};

/** An open house as a record carries it: with the feed's status. */
export type OpenHouseEntry = OpenHouse & { readonly OpenHouseStatus: OpenHouseStatus };

export const sameOpenHouse = (a: OpenHouse, b: OpenHouse): boolean =>
  a.OpenHouseStartTime === b.OpenHouseStartTime &&
  a.OpenHouseEndTime === b.OpenHouseEndTime &&
  a.OpenHouseType === b.OpenHouseType &&
  a.OpenHouseRemarks === b.OpenHouseRemarks;

/** The open houses not yet over at `now`, soonest first (ties by key, so the order is stable). */
export function upcomingOpenHouses(all: readonly OpenHouse[], now: number): OpenHouse[] {
  return all
    .filter((o) => isUpcoming(o, now))
    .sort(
      (a, b) =>
        Date.parse(a.OpenHouseStartTime) - Date.parse(b.OpenHouseStartTime) || (a.OpenHouseKey < b.OpenHouseKey ? -1 : a.OpenHouseKey > b.OpenHouseKey ? 1 : 0),
    );
}
