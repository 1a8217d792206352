import { emailIn, emptyDraft, impliedType, isRecord, type LeadDraft, parsePrice, phoneIn, splitName, statedType, str } from './lead-fields';

/** Contact values as plain strings or as `{value}` objects (the lead-event APIs of other CRMs). */
const values = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (isRecord(x) ? str(x.value) : str(x))).filter((x): x is string => !!x);

/** The generic lead-event body: contract section 12's `POST /api/v1/leads` shape, and the events APIs CRMs publish. */
export const isLeadEvent = (v: Record<string, unknown>): boolean => typeof v.source === 'string' && isRecord(v.person);

/** Event types of the CRMs' events APIs that are about a home the person looked at or asked about. */
const PROPERTY_EVENTS = new Set(['property inquiry', 'viewed property', 'saved property', 'visited open house', 'property search', 'saved property search']);

/**
 * The lead type an events-API event type states: "Seller Inquiry" a seller, "Property Inquiry"
 * (and "Inquiry" about a property, a viewed or saved home, an open house, a search) a buyer, or a
 * renter when the home is for rent; "General Inquiry", "Registration" and the like only what the
 * person's own words say. A type of another vocabulary ("Buyer", "Rent") reads as itself.
 */
export function eventLeadType(type: string | undefined, property: Record<string, unknown> | null, message: string | undefined): string | undefined {
  const stated = statedType(type);
  if (stated) return stated;
  const t = (type ?? '').trim().toLowerCase();
  if (PROPERTY_EVENTS.has(t) || (t === 'inquiry' && property)) return property?.forRent === true ? 'Renter' : 'Buyer';
  return impliedType(message);
}

/** The person, property and message of an event body, whichever sender posted it. */
export function readEventFields(v: Record<string, unknown>): LeadDraft {
  const p = isRecord(v.person) ? v.person : {};
  const d = emptyDraft();
  d.emails = [...values(p.emails), ...values(p.email)].map((e) => emailIn(e)).filter((e): e is string => !!e);
  d.phones = [...values(p.phones), ...values(p.phone)].map((x) => phoneIn(x)).filter((x): x is string => !!x);
  d.firstName = str(p.firstName);
  d.lastName = str(p.lastName);
  d.fullName = str(p.fullName) ?? str(p.name);
  if (d.fullName && !d.firstName && !d.lastName) Object.assign(d, splitName(d.fullName));
  const pr = isRecord(v.property) ? v.property : {};
  d.street = str(pr.street);
  d.city = str(pr.city);
  d.state = str(pr.state);
  d.zip = str(pr.zip) ?? str(pr.code);
  d.mlsNumber = str(pr.mlsNumber);
  d.price = parsePrice(pr.price);
  d.url = str(pr.url);
  d.message = str(v.message) ?? str(v.description);
  const type = str(v.type);
  d.type = eventLeadType(type, isRecord(v.property) ? v.property : null, d.message) ?? type;
  d.externalId = str(v.externalId);
  const tags = [...values(v.tags), ...values(p.tags)];
  if (tags.length) d.tags = tags;
  return d;
}

export function readLeadEvent(v: Record<string, unknown>): { draft: LeadDraft; source: string } | null {
  if (!isLeadEvent(v)) return null;
  return { draft: readEventFields(v), source: (v.source as string).trim() };
}
