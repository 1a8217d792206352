import { createHash } from 'node:crypto';
import { isValidEmail } from '../../contract/email';
import type { IntakeInput } from '../../contract/lead-intake';
import { phoneE164 } from '../../contract/phone-number';

/** What a reader found, before it becomes an intake input; every field may be missing. */
export type LeadDraft = {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  emails: string[];
  phones: string[];
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  mlsNumber?: string;
  price?: number;
  url?: string;
  message?: string;
  type?: string;
  externalId?: string;
  tags?: string[];
};

export const emptyDraft = (): LeadDraft => ({ emails: [], phones: [] });

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string field, trimmed; numbers are read as their digits (ids, zip codes). */
export function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

const EMAIL_IN_TEXT = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** The e-mail address in a value ("Jane <jane@x.com>", "mailto:…"), lower-cased, or undefined. */
export function emailIn(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return EMAIL_IN_TEXT.exec(value)?.[0].toLowerCase();
}

/** A value that is only an e-mail address. */
export const isBareEmail = (line: string): boolean => new RegExp(`^<?(mailto:)?${EMAIL_IN_TEXT.source}>?$`, 'i').test(line.trim());

/** A phone number as written, when it is one (a North American number, or another written with its country code). */
export function phoneIn(value: unknown): string | undefined {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const m = /\+?\(?\d[\d\s().-]{8,20}\d/.exec(value);
  if (!m) return undefined;
  return phoneE164(m[0]) ? m[0].trim() : undefined;
}

/** A value that is only a phone number (a call button, a table cell). */
export const isBarePhone = (line: string): boolean => /^(tel:)?\+?[\d\s().-]{10,20}$/.test(line.trim()) && phoneIn(line) !== undefined;

/** A draft holding the person as a delivery states them (names, one e-mail, one phone). */
export function personDraft(p: { fullName?: unknown; firstName?: unknown; lastName?: unknown; email?: unknown; phone?: unknown }): LeadDraft {
  const d = emptyDraft();
  d.fullName = str(p.fullName);
  d.firstName = str(p.firstName);
  d.lastName = str(p.lastName);
  if (d.fullName && !d.firstName && !d.lastName) Object.assign(d, splitName(d.fullName));
  const email = emailIn(p.email);
  if (email) d.emails.push(email);
  const phone = phoneIn(p.phone);
  if (phone) d.phones.push(phone);
  return d;
}

/** "Last, First" and "First Middle Last" as first and last name. */
export function splitName(full: string): { firstName?: string; lastName?: string } {
  const name = full.replace(/\s+/g, ' ').trim();
  if (!name) return {};
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { firstName: comma[2]!, lastName: comma[1]! };
  const parts = name.split(' ');
  return parts.length === 1 ? { firstName: name } : { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}

const STATE = '[A-Z]{2}';
const ZIP = '\\d{5}(?:-\\d{4})?';
const FULL_ADDRESS = new RegExp(
  `^(\\d[^,|]*?(?:,\\s*(?:#|apt|unit|suite|ste)\\.?\\s*[\\w-]+)?)\\s*,\\s*([^,|\\d][^,|]*?)\\s*,\\s*(${STATE})\\s*,?\\s*(${ZIP})?\\s*$`,
  'i',
);

/** "123 Main St #2, City, ST 12345" (with or without the commas portals vary) split into its parts. */
export function parseAddress(text: string): { street?: string; city?: string; state?: string; zip?: string } {
  let value = text.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim();
  // Zillow writes the unit after the zip ("…, PA, 19121, Unit 2"); it belongs with the street.
  let unit = '';
  const trailingUnit = /,\s*((?:unit|apt|#)\s*[\w-]+)\s*$/i.exec(value);
  if (trailingUnit) {
    unit = trailingUnit[1]!;
    value = value.slice(0, trailingUnit.index);
  }
  const m = FULL_ADDRESS.exec(value);
  if (!m) return value ? { street: [value, unit].filter(Boolean).join(' ') } : {};
  const out: { street?: string; city?: string; state?: string; zip?: string } = {
    street: [m[1]!.trim(), unit].filter(Boolean).join(' '),
    city: m[2]!.trim(),
    state: m[3]!.toUpperCase(),
  };
  if (m[4]) out.zip = m[4];
  return out;
}

/** A line that reads as a complete street address with city and state. */
export const isFullAddress = (line: string): boolean => line.length <= 200 && FULL_ADDRESS.test(line.replace(/\s+,/g, ',').trim());

/** "$1,250", "415000", "$415K", "1.2M" as a whole number of dollars. */
export function parsePrice(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /\$?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([km])?\b/i.exec(value);
  if (!m) return undefined;
  const base = Number(m[1]!.replace(/,/g, ''));
  const scale = m[2]?.toLowerCase() === 'k' ? 1_000 : m[2]?.toLowerCase() === 'm' ? 1_000_000 : 1;
  const n = Math.round(base * scale);
  return n > 0 ? n : undefined;
}

/** The lead type a portal states ("Buyer", "seller", "tourRequest", "Rent") in the product's words. */
export function statedType(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const v = value.trim().toLowerCase();
  if (/\bsell|listing appointment|valuation|home value|\bcma\b/.test(v)) return 'Seller';
  if (/\brent|\blease|\btenant|tour ?request|rental application/.test(v)) return 'Renter';
  if (/\bbuy|\bpurchase/.test(v)) return 'Buyer';
  return undefined;
}

/** The lead type the person's own words imply, when they say it. */
export function impliedType(...texts: (string | undefined)[]): string | undefined {
  const t = texts.filter(Boolean).join('\n').toLowerCase();
  if (
    /\b(interested (?:to|in) sell|(?:want|looking|like|plan(?:ning)?) to sell|sell(?:ing)? my (?:home|house|property)|what(?:'s| is) my home worth|home valuation)\b/.test(
      t,
    )
  )
    return 'Seller';
  if (/\b(for rent|to rent|rental|lease length|move[- ]in|\/mo\b|per month|apply for this rental|send application)\b/.test(t)) return 'Renter';
  if (/\b(to buy|buying|purchase|pre-?approved|for sale)\b/.test(t)) return 'Buyer';
  return undefined;
}

/**
 * An id that is the same for the same delivery: a mail delivered twice (or forwarded again by the
 * portal's retry) is one lead, while another inquiry of the same person gets its own.
 */
export function digestId(portal: string, parts: readonly (string | undefined)[]): string {
  const h = createHash('sha256')
    .update([portal, ...parts.map((p) => (p ?? '').trim().toLowerCase())].join('\n'))
    .digest('hex');
  return `${portal.toLowerCase().replace(/[^a-z0-9]+/g, '-')}:${h.slice(0, 32)}`;
}

const clean = (s: string | undefined, max: number): string | undefined => {
  const v = s?.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, max) : undefined;
};

/** The draft as the intake input every source delivers, empty fields left out. */
export function intakeOf(source: string, d: LeadDraft): IntakeInput {
  // Only addresses the product stores: one it would refuse cannot reach the person from here.
  const emails = [...new Set(d.emails.map((e) => emailIn(e)).filter((e): e is string => !!e && isValidEmail(e)))];
  const phones = [...new Set(d.phones.map((p) => phoneIn(p)).filter((p): p is string => !!p))];
  const person: { -readonly [K in keyof IntakeInput['person']]: IntakeInput['person'][K] } = { emails, phones };
  const fullName = clean(d.fullName, 200);
  const firstName = clean(d.firstName, 100);
  const lastName = clean(d.lastName, 100);
  if (fullName) person.fullName = fullName;
  if (firstName) person.firstName = firstName;
  if (lastName) person.lastName = lastName;
  const property: { -readonly [K in keyof NonNullable<IntakeInput['property']>]: NonNullable<IntakeInput['property']>[K] } = {};
  const street = clean(d.street, 200);
  const city = clean(d.city, 100);
  const state = clean(d.state, 50);
  const zip = clean(d.zip, 20);
  const mls = clean(d.mlsNumber?.replace(/^#\s*/, ''), 50);
  if (street) property.street = street;
  if (city) property.city = city;
  if (state) property.state = state;
  if (zip) property.zip = zip;
  if (mls) property.mlsNumber = mls;
  if (d.price !== undefined) property.price = d.price;
  const url = d.url?.trim();
  if (url && url.length <= 500 && /^https?:\/\/\S+$/i.test(url)) property.url = url;
  const message = d.message?.trim().slice(0, 5000);
  const tags = d.tags?.map((t) => t.trim()).filter(Boolean);
  return {
    source,
    ...(d.type ? { type: d.type } : {}),
    person,
    ...(Object.keys(property).length ? { property } : {}),
    ...(message ? { message } : {}),
    ...(tags?.length ? { tags } : {}),
    ...(d.externalId ? { externalId: d.externalId.slice(0, 200) } : {}),
  };
}

/** Fills the draft's empty fields from another reading (an earlier reader wins). */
export function mergeDraft(into: LeadDraft, from: LeadDraft): LeadDraft {
  const out: LeadDraft = { ...into, emails: [...into.emails, ...from.emails], phones: [...into.phones, ...from.phones] };
  for (const k of Object.keys(from) as (keyof LeadDraft)[]) {
    if (k === 'emails' || k === 'phones') continue;
    if (out[k] === undefined || out[k] === '') (out as Record<string, unknown>)[k] = from[k];
  }
  return out;
}
