import type { ListingMailEvent } from '../../src/modules/listing-mail/listing-mail.events';
import { assertNever } from '../../src/shared/errors';
import { clip } from './timeline-summary';

/** Listings the agent e-mailed the lead, and what the lead did with the e-mail, as the timeline says it (issue 16). */
export const listingMailTimelineTypes = ['ListingsSentToLead', 'ListingEmailOpened', 'ListingEmailClicked'] as const;

/** "16884 Evergreen Ct, Seattle, WA" → "16884 Evergreen Ct": the street is what people say. */
const street = (address: string) => address.split(',')[0]!.trim() || address;

export function listingMailSummary(e: ListingMailEvent): string {
  switch (e.type) {
    case 'ListingsSentToLead': {
      const n = e.data.pdids.length;
      return clip(`Sent ${n === 1 ? 'a listing' : `${n} listings`} by e-mail: ${e.data.addresses.map(street).join('; ')}`);
    }
    case 'ListingEmailOpened':
      return 'Opened the listings you sent';
    case 'ListingEmailClicked':
      return clip(`Clicked ${street(e.data.address)}`);
    default:
      return assertNever(e);
  }
}
