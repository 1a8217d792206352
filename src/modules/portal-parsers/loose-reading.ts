import {
  emailIn,
  emptyDraft,
  impliedType,
  isBareEmail,
  isBarePhone,
  isFullAddress,
  type LeadDraft,
  parseAddress,
  parsePrice,
  phoneIn,
  splitName,
} from './lead-fields';
import { allLines, type MailView } from './mail-view';
import { isPortalAddress, PORTALS } from './portal-senders';

// "New Zillow Lead - Jane Doe", "New lead from Jane Doe", "Inquiry from Jane Doe", "New realtor.com lead: Jane Doe"
const SUBJECT_NAME = /(?:^|\b)(?:new\s+)?(?:[\w.]+\s+)?(?:lead|inquiry|enquiry|contact|message|referral)\s*(?:from\s+|[-–—:]\s*)(.+?)\s*$/i;
const PORTAL_NAMES = new Set(PORTALS.flatMap((p) => [p.name, ...p.domains]).map((n) => n.toLowerCase()));
// A name as people write it: letters, apostrophes, dots and hyphens, a few words; not a sentence.
const PERSON_NAME = /^[\p{L}'’.-]+(?: [\p{L}'’.-]+){0,4}$/u;
export const isPersonName = (s: string): boolean => PERSON_NAME.test(s);

/** The person's name in a notification's subject, when the subject names a person (not the portal). */
export function subjectName(subject: string): string | undefined {
  const name = SUBJECT_NAME.exec(subject.trim())?.[1]
    ?.replace(/[!.]+$/, '')
    .trim();
  return name && isPersonName(name) && !PORTAL_NAMES.has(name.toLowerCase()) ? name : undefined;
}

/**
 * What a portal's notification shows without labels: the call and mail buttons (a line holding only a
 * phone or only an address that is not a portal's), the listing's address and the price under it, the
 * person's words in quotes, and the name in the subject. Read after the labelled fields, which win.
 */
export function readLoose(v: MailView): LeadDraft {
  const lines = allLines(v);
  const d = emptyDraft();
  const email = lines
    .filter(isBareEmail)
    .map((l) => emailIn(l)!)
    .find((e) => !isPortalAddress(e));
  if (email) d.emails.push(email);
  const phone = lines.find(isBarePhone);
  if (phone) d.phones.push(phoneIn(phone)!);
  const name = subjectName(v.mail.subject);
  if (name) Object.assign(d, { fullName: name, ...splitName(name) });
  const quoted = lines.map((l) => /^["“](.+)["”]$/.exec(l)?.[1]).find(Boolean);
  if (quoted) d.message = quoted;
  const at = lines.findIndex(isFullAddress);
  if (at >= 0) Object.assign(d, parseAddress(lines[at]!));
  // The listing's price sits under its address; a "$" elsewhere is income, a budget or a fee.
  const priceLine = at >= 0 ? lines.slice(at + 1, at + 4).find((l) => /^\$\s?\d/.test(l)) : undefined;
  if (priceLine) d.price = parsePrice(priceLine);
  d.type = impliedType(d.message, priceLine, v.mail.subject);
  return d;
}
