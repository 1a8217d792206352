import { jsonLdBlocks, metaTags } from './html-text';
import { readLabelledMail } from './labelled-fields';
import { readLeadEvent } from './lead-event-delivery';
import {
  emailIn,
  emptyDraft,
  isRecord,
  type LeadDraft,
  mergeDraft,
  parseAddress,
  parsePrice,
  personDraft,
  phoneIn,
  splitName,
  statedType,
  str,
} from './lead-fields';
import type { MailView } from './mail-view';

/** What the generic reader found, and the source the data names for itself. */
export type GenericReading = { draft: LeadDraft; source: string | undefined; structured: boolean };

/**
 * The Real Estate Lead Metadata Specification (leadmetadata.org, written by FiveStreet and Move):
 * `<meta name="lead_…">` tags a portal embeds in the HTML of its lead mail.
 */
function fromLeadMetadata(html: string | null): { draft: LeadDraft; source?: string } | null {
  if (!html) return null;
  const m = metaTags(html);
  if (![...m.keys()].some((k) => k.startsWith('lead_') && k !== 'lead_information_version')) return null;
  const d = personDraft({ fullName: m.get('lead_name'), email: m.get('lead_email'), phone: m.get('lead_phone') });
  const address = m.get('lead_property_address');
  if (address) Object.assign(d, parseAddress(address));
  d.city = m.get('lead_property_city') ?? d.city;
  d.state = m.get('lead_property_state') ?? d.state;
  d.zip = m.get('lead_property_zip') ?? d.zip;
  d.mlsNumber = m.get('lead_mls');
  d.price = parsePrice(m.get('lead_price'));
  // What the person told the portal about their search goes with their words.
  const search = [
    ['Max price', m.get('lead_max_price')],
    ['Time frame', m.get('lead_time_frame')],
    ['Financing', m.get('lead_financing')],
    ['Primary zip', m.get('lead_primary_zip')],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
  d.message = [m.get('lead_message'), ...search].filter(Boolean).join('\n') || undefined;
  d.type = statedType(m.get('lead_type') ?? 'Buyer');
  d.externalId = m.get('lead_id');
  const source = m.get('lead_source');
  return source ? { draft: d, source } : { draft: d };
}

const typesOf = (node: Record<string, unknown>): string[] => [node['@type']].flat().filter((t): t is string => typeof t === 'string');

/** schema.org nodes in JSON-LD: a Person (name, email, telephone), a PostalAddress, an Offer's price. */
function fromJsonLd(html: string | null): LeadDraft | null {
  if (!html) return null;
  const nodes: Record<string, unknown>[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) {
      nodes.push(v);
      Object.values(v).forEach(walk);
    }
  };
  jsonLdBlocks(html).forEach(walk);
  const person = nodes.find((n) => typesOf(n).includes('Person') && (n.email || n.telephone));
  if (!person) return null;
  const d = emptyDraft();
  const name = str(person.name) ?? [str(person.givenName), str(person.familyName)].filter(Boolean).join(' ');
  if (name) Object.assign(d, { fullName: name, ...splitName(name) });
  const email = emailIn(person.email);
  if (email) d.emails.push(email);
  const phone = phoneIn(person.telephone);
  if (phone) d.phones.push(phone);
  const place = nodes.find((n) => typesOf(n).includes('PostalAddress') && n !== person.address);
  const address = isRecord(person.address) ? person.address : place;
  if (address) {
    d.street = str(address.streetAddress);
    d.city = str(address.addressLocality);
    d.state = str(address.addressRegion);
    d.zip = str(address.postalCode);
  }
  const offer = nodes.find((n) => typesOf(n).includes('Offer'));
  if (offer) d.price = parsePrice(offer.price);
  d.message = str(person.description);
  return d;
}

/** A lead-event body (`source, type, person, property, message`) written into the mail as JSON. */
function fromJsonBody(text: string): { draft: LeadDraft; source: string } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const body: unknown = JSON.parse(text.slice(start, end + 1));
    return isRecord(body) ? readLeadEvent(body) : null;
  } catch {
    return null;
  }
}

/** Structured lead data in any mail: lead metadata, JSON-LD, a JSON lead event, then labelled fields. */
export function readGenericMail(v: MailView): GenericReading {
  const meta = fromLeadMetadata(v.mail.html);
  const jsonLd = fromJsonLd(v.mail.html);
  const json = fromJsonBody(v.mail.text ?? '');
  const labelled = readLabelledMail(v);
  const hasLabelledContact = labelled.emails.length + labelled.phones.length > 0;
  let draft = emptyDraft();
  for (const part of [meta?.draft, json?.draft, jsonLd, labelled]) if (part) draft = mergeDraft(draft, part);
  return { draft, source: meta?.source ?? json?.source, structured: !!(meta || jsonLd || json || hasLabelledContact) };
}
