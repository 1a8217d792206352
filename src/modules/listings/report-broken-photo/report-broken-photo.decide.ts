import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { evolveListing, initialListing, type Listing } from '../listings.events';
import type { ListingEvent } from '../listings.events';

/** `client`: a keyed hash of the reporting client's address (see client-hash.ts). */
export type ReportBrokenPhoto = { readonly pdid: string; readonly url: string; readonly client: string };

/**
 * Distinct clients whose reports make a photo broken. The spec only has browsers report photos
 * they could not load; with one report enough, anyone could blank every listing's photos.
 */
export const REPORTS_TO_BREAK = 2;

/**
 * A photo of the listing that a browser could not load. The first distinct clients' reports are
 * recorded; the one that makes REPORTS_TO_BREAK breaks the photo. A client reporting again, or a
 * photo already broken, changes nothing.
 */
export function decideReportBrokenPhoto(command: ReportBrokenPhoto, state: Listing): ListingEvent[] {
  if (!state.listed) throw notFound('No such listing');
  const { pdid, url, client } = command;
  if (!state.record.photos.includes(url)) throw validation("This photo is not one of the listing's photos");
  if (state.brokenPhotos.includes(url)) return [];
  const reporters = state.photoReports.filter((r) => r.url === url).map((r) => r.client);
  if (reporters.includes(client)) return [];
  if (reporters.length + 1 < REPORTS_TO_BREAK) return [{ type: 'ListingPhotoReported', data: { pdid, url, client } }];
  return [{ type: 'ListingPhotoReportedBroken', data: { pdid, url } }];
}

export const reportBrokenPhotoDecider: Decider<Listing, ReportBrokenPhoto, ListingEvent> = {
  initialState: initialListing,
  evolve: evolveListing,
  decide: decideReportBrokenPhoto,
};
