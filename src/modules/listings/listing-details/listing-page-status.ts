import type { EventStore } from '../../../eventstore/event-store.port';
import { foldListing } from '../import-listings/listing-importer';
import { isPubliclyShown, listingStream } from '../listing-record';

/**
 * The HTTP status of the browser page /listing/{pdid}: 200 for a listing shown publicly; 404
 * for one never known, or one the MLS does not let be shown (InternetEntireListingDisplayYN
 * false); 410 for one the feed removed (contract section 9).
 */
export async function listingPageStatus(store: EventStore, pdid: string): Promise<200 | 404 | 410> {
  if (pdid.length > 200) return 404;
  const state = foldListing(await store.readStream(listingStream(pdid)));
  if (state.listed) return isPubliclyShown(state.record) ? 200 : 404;
  return state.removed ? 410 : 404;
}
