import { emailIn, emptyDraft, isRecord, type LeadDraft, parsePrice, phoneIn, splitName, statedType, str } from './lead-fields';

/** Contact values as plain strings or as `{value}` objects (the lead-event APIs of other CRMs). */
const values = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (isRecord(x) ? str(x.value) : str(x))).filter((x): x is string => !!x);

/** The generic lead-event body: contract section 12's `POST /api/v1/leads` shape, and the events APIs CRMs publish. */
export const isLeadEvent = (v: Record<string, unknown>): boolean => typeof v.source === 'string' && isRecord(v.person);

export function readLeadEvent(v: Record<string, unknown>): { draft: LeadDraft; source: string } | null {
  if (!isLeadEvent(v)) return null;
  const p = v.person as Record<string, unknown>;
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
  d.message = str(v.message) ?? str(v.description);
  const type = str(v.type);
  d.type = type && (statedType(type) ?? type);
  d.externalId = str(v.externalId);
  const tags = [...values(v.tags), ...values(p.tags)];
  if (tags.length) d.tags = tags;
  return { draft: d, source: (v.source as string).trim() };
}
