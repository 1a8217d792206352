import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { evolveListing, initialListing, type Listing } from '../listing';
import type { ListingEvent } from '../listings.events';

export type ReportBrokenPhoto = { readonly pdid: string; readonly url: string };

/** A photo of the listing that a browser could not load; reporting it again changes nothing. */
export function decideReportBrokenPhoto(command: ReportBrokenPhoto, state: Listing): ListingEvent[] {
  if (!state.listed) throw notFound('No such listing');
  if (!state.record.photos.includes(command.url)) throw validation('This photo is not one of the listing\'s photos');
  if (state.brokenPhotos.includes(command.url)) return [];
  return [{ type: 'ListingPhotoReportedBroken', data: { pdid: command.pdid, url: command.url } }];
}

export const reportBrokenPhotoDecider: Decider<Listing, ReportBrokenPhoto, ListingEvent> = {
  initialState: initialListing,
  evolve: evolveListing,
  decide: decideReportBrokenPhoto,
};
