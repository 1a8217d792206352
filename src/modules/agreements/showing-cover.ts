import type { EventStore } from '../../eventstore/event-store.port';
import { foldListing, listingStream, type OpenHouse } from '../listings';
import { type BuyerAgreements, inForceOn, loadAgreements } from './buyer-agreements';

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export const dayIn = (instant: string, timeZone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

const dayAndMonth = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

export const noAgreementMessage = (leadName: string, day: string) =>
  `${leadName || 'This lead'} has no buyer agreement in force on ${dayAndMonth(day)}; add or sign one first`;

/** A visit during one of the listing's public open houses needs no agreement (anyone may walk in). */
export const duringOpenHouse = (openHouses: readonly OpenHouse[], start: string): boolean =>
  openHouses.some(
    (o) => o.OpenHouseType === 'Public' && Date.parse(o.OpenHouseStartTime) <= Date.parse(start) && Date.parse(start) < Date.parse(o.OpenHouseEndTime),
  );

export type ShowingToCover = { readonly leadName: string; readonly start: string; readonly timeZone: string; readonly openHouse: boolean };

/**
 * Why a showing of a listing may not be confirmed (the NAR settlement's rule: a written agreement
 * before touring), or null when a signed agreement is in force on the showing's day in the
 * listing's zone, or the visit is during a public open house.
 */
export function coverageGap(s: ShowingToCover, agreements: BuyerAgreements): string | null {
  if (s.openHouse) return null;
  const day = dayIn(s.start, s.timeZone);
  return agreements.agreements.some((a) => inForceOn(a, day)) ? null : noAgreementMessage(s.leadName, day);
}

/** The gap for a showing of `pdid` at `start`, read now from the lead's agreements and the listing's open houses. */
export async function showingCoverageGap(
  store: EventStore,
  showing: { readonly leadId: string; readonly leadName: string; readonly pdid: string; readonly start: string; readonly timeZone: string },
): Promise<string | null> {
  const [agreements, listingEvents] = await Promise.all([loadAgreements(store, showing.leadId), store.readStream(listingStream(showing.pdid))]);
  const listing = foldListing(listingEvents);
  const openHouse = listing.listed ? duringOpenHouse(listing.openHouses, showing.start) : false;
  return coverageGap({ leadName: showing.leadName, start: showing.start, timeZone: showing.timeZone, openHouse }, agreements);
}
