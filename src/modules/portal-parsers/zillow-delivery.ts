import { digestId, isRecord, type LeadDraft, parsePrice, personDraft, statedType, str } from './lead-fields';

/**
 * Zillow Rental Network lead delivery: a flat body (posted form-encoded or as JSON) with the renter
 * (`name`, `email`, `phone`, `message`) and the listing (`listingId`, `listingStreet`, …).
 */
export const isZillowRentalLead = (v: Record<string, unknown>): boolean => 'listingId' in v && ('email' in v || 'phone' in v || 'name' in v);

export function readZillowRentalLead(v: Record<string, unknown>): LeadDraft {
  const d = personDraft({ fullName: v.name, email: v.email, phone: v.phone });
  const contact = d.emails[0] ?? d.phones[0];
  d.street = [str(v.listingStreet), str(v.listingUnit)].filter(Boolean).join(' ') || undefined;
  d.city = str(v.listingCity);
  d.state = str(v.listingState);
  d.zip = str(v.listingPostalCode);
  d.message = [str(v.introduction), str(v.message)].filter(Boolean).join('\n\n') || undefined;
  d.type = statedType(v.leadType) ?? 'Renter';
  const movingDate = str(v.movingDate);
  if (movingDate) d.message = [d.message, `Moving date: ${movingDate.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')}`].filter(Boolean).join('\n');
  // The rental feed has no lead id of its own; the listing, the person and the day make one.
  d.externalId = str(v.leadId) ?? digestId('Zillow', [str(v.listingId), contact, str(v.movingDate), str(v.message)]);
  return d;
}

/** Zillow's JSON contact notification (`id`, `sender`, `details`), as its lender contact API documents it. */
export const isZillowContact = (v: Record<string, unknown>): boolean =>
  typeof v.id === 'string' && isRecord(v.sender) && ('emailAddress' in v.sender || 'phoneNumber' in v.sender);

export function readZillowContact(v: Record<string, unknown>): LeadDraft {
  const s = v.sender as Record<string, unknown>;
  const det = isRecord(v.details) ? v.details : {};
  const d = personDraft({ firstName: s.firstName, lastName: s.lastName, email: s.emailAddress, phone: s.phoneNumber });
  d.street = str(det.address) ?? str(det.streetAddress);
  d.city = str(det.city);
  d.state = str(det.stateAbbreviation) ?? str(det.state);
  d.zip = str(det.zipCode);
  d.price = parsePrice(det.propertyValue ?? det.price);
  d.message = str(det.message) ?? str(v.message);
  d.type = statedType(det.loanPurpose) ?? statedType(v.type);
  d.externalId = str(v.id);
  return d;
}
