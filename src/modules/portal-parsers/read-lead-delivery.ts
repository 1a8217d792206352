import { isGoogleAdsLead, readGoogleAdsLead } from './google-ads-delivery';
import { digestId, isRecord, type LeadDraft } from './lead-fields';
import { isLeadEvent, readLeadEvent } from './lead-event-delivery';
import { notRead, type PortalReading, readingOf } from './portal-reading';
import { isRealtorConnectionsLead, isRealtorLead, readRealtorConnectionsLead, readRealtorLead } from './realtor-delivery';
import { isZillowTechConnect, readZillowTechConnect, zillowSourceOf } from './zillow-tech-connect';
import { isZillowContact, isZillowRentalLead, readZillowContact, readZillowRentalLead } from './zillow-delivery';

export const UNKNOWN_DELIVERY =
  'Unknown delivery shape: not a Zillow (rentals, contact, Tech Connect), Realtor.com, Google Ads or lead-event (source, person) body';

/** A body as posted: parsed JSON, a JSON string, or a form-encoded string (Zillow's rental feed). */
function bodyOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text.includes('=') ? Object.fromEntries(new URLSearchParams(text)) : undefined;
}

/** Without a sender id, the person and the property make the idempotency key (a retry is the same lead). */
const withId = (portal: string, d: LeadDraft): LeadDraft =>
  d.externalId ? d : { ...d, externalId: digestId(portal, [d.emails[0] ?? d.phones[0], d.street, d.zip, d.mlsNumber, d.message]) };

/** Reads a JSON lead delivery in the sender's own shape. */
export function readLeadDelivery(body: unknown, opts: { googleKey: string | null }): PortalReading {
  const v = bodyOf(body);
  if (!isRecord(v)) return notRead('The delivery is not a JSON object');
  if (isGoogleAdsLead(v)) return readGoogleAdsLead(v, opts.googleKey);
  if (isZillowRentalLead(v)) return readingOf('Zillow', 'Zillow', readZillowRentalLead(v));
  if (isZillowContact(v)) return readingOf('Zillow', 'Zillow', withId('Zillow', readZillowContact(v)));
  if (isRealtorLead(v)) return readingOf('Realtor.com', 'Realtor.com', withId('Realtor.com', readRealtorLead(v)));
  if (isRealtorConnectionsLead(v)) return readingOf('Realtor.com', 'Realtor.com', readRealtorConnectionsLead(v));
  if (isZillowTechConnect(v)) return readingOf('Zillow Tech Connect', zillowSourceOf(v), readZillowTechConnect(v));
  if (isLeadEvent(v)) {
    const event = readLeadEvent(v)!;
    if (!event.source) return notRead('The lead event has an empty source');
    return readingOf('Lead event', event.source, event.draft);
  }
  return notRead(UNKNOWN_DELIVERY);
}
