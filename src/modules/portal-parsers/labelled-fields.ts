import { emailIn, emptyDraft, isFullAddress, type LeadDraft, mergeDraft, parseAddress, parsePrice, phoneIn, splitName, statedType } from './lead-fields';
import type { MailView } from './mail-view';

type Field = 'name' | 'first' | 'last' | 'email' | 'phone' | 'property' | 'street' | 'city' | 'state' | 'zip' | 'mls' | 'price' | 'message' | 'type' | 'leadId';

/** The wordings lead e-mails use for each field, lower-case, without the colon. */
const LABELS: Readonly<Record<Field, readonly string[]>> = {
  name: [
    'name',
    'full name',
    'contact name',
    'lead name',
    'buyer name',
    'client name',
    'customer name',
    'your name',
    'sender name',
    'consumer name',
    'contact',
  ],
  first: ['first name', 'firstname', 'first', 'given name'],
  last: ['last name', 'lastname', 'last', 'surname', 'family name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'contact email', 'lead email', 'your email', 'buyer email', 'client email', 'email id'],
  phone: [
    'phone',
    'phone number',
    'phone #',
    'telephone',
    'tel',
    'mobile',
    'mobile phone',
    'mobile number',
    'cell',
    'cell phone',
    'cell number',
    'contact phone',
    'lead phone',
    'home phone',
    'work phone',
    'best phone',
    'your phone',
  ],
  property: [
    'property',
    'property address',
    'address',
    'listing',
    'listing address',
    'home address',
    'property of interest',
    'property interested in',
    'interested in',
    'regarding',
    'subject property',
  ],
  street: ['street', 'street address'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region'],
  zip: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode'],
  mls: ['mls', 'mls #', 'mls#', 'mls number', 'mls id', 'mlsid', 'mls no', 'mls no.', 'listing id', 'listing #', 'listing number'],
  price: ['price', 'list price', 'listing price', 'asking price', 'rent', 'monthly rent', 'max price', 'price range', 'budget'],
  message: [
    'message',
    'comments',
    'comment',
    'inquiry',
    'enquiry',
    'question',
    'questions',
    'notes',
    'note',
    'additional information',
    'lead message',
    'details',
  ],
  type: ['lead type', 'inquiry type', 'type of inquiry', 'i am a', "i'm a", 'i am', 'role', 'looking to', 'interested to', 'buyer or seller'],
  leadId: ['lead id', 'lead #', 'lead number', 'reference id', 'reference #', 'inquiry id', 'ref id', 'contact id'],
};

const BY_LABEL = new Map<string, Field>(Object.entries(LABELS).flatMap(([field, labels]) => labels.map((l) => [l, field as Field] as const)));
// How many lines below a bare label its value may take. In the text part a paragraph break ends
// it; an HTML layout has none, so there the person's words are the one cell under the label (the
// next cells are the mail's own buttons and footer).
const LIMIT: Readonly<Record<'text' | 'html', Partial<Record<Field, number>>>> = { text: { message: 40, property: 3 }, html: { message: 1, property: 3 } };

const normal = (label: string) =>
  label
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s*]+$/, '')
    .trim();

type LabelLine = { field: Field; value: string };

/** "Label: value", "Label:" (value below) or a bare "Label" line (value below). */
function labelOf(line: string): LabelLine | null {
  const m = /^([a-z][a-z '’#./-]{0,40}?)\s*[:：]\s*(.*)$/i.exec(line);
  if (m) {
    const field = BY_LABEL.get(normal(m[1]!));
    if (field) return { field, value: m[2]!.trim() };
  }
  const bare = BY_LABEL.get(normal(line));
  return bare ? { field: bare, value: '' } : null;
}

/** A value that can be the field's: a later label of the same field gets its turn otherwise. */
function usable(field: Field, value: string): boolean {
  if (field === 'email') return emailIn(value) !== undefined;
  if (field === 'phone') return phoneIn(value) !== undefined;
  // "Interested in: Buying" is not an address: a street has a house number.
  if (field === 'property' || field === 'street') return /\d/.test(value);
  return true;
}

const ENDS_ADDRESS = (line: string) => line.startsWith('$') || line.includes('|');

const MLS_LINE = /^(?!agent\b)(?:.*\b)?mls\s*(?:id|number|no\.?)?\s*#?\s*:?\s*#?\s*([a-z0-9][a-z0-9-]{2,})\s*$/i;

/** The labelled fields of both parts of a mail, the text part's first. */
export const readLabelledMail = (v: MailView): LeadDraft => mergeDraft(readLabelled(v.textLines, 'text'), readLabelled(v.htmlLines, 'html'));

/**
 * Reads labelled fields from lines ('' marks a paragraph break). A value is the rest of its line or,
 * when that is empty, the lines below it up to the next label or break.
 */
export function readLabelled(lines: readonly string[], part: 'text' | 'html'): LeadDraft {
  const found = new Map<Field, string>();
  for (let i = 0; i < lines.length; i++) {
    const hit = labelOf(lines[i]!);
    if (!hit || found.has(hit.field)) continue;
    let value = hit.value;
    if (!value) {
      const below: string[] = [];
      for (let j = i + 1; j < lines.length && below.length < (LIMIT[part][hit.field] ?? 1); j++) {
        const next = lines[j]!;
        if (next === '' || labelOf(next)) break;
        if (hit.field === 'property' && (MLS_LINE.test(next) || ENDS_ADDRESS(next) || isFullAddress(below.join(', ')))) break;
        below.push(next);
      }
      value = hit.field === 'message' ? below.join('\n') : below.join(', ');
    }
    if (value && usable(hit.field, value)) found.set(hit.field, value);
  }
  if (!found.has('mls')) {
    const mls = lines.map((l) => MLS_LINE.exec(l)?.[1]).find(Boolean);
    if (mls) found.set('mls', mls);
  }
  return draftOf(found);
}

function draftOf(f: Map<Field, string>): LeadDraft {
  const d = emptyDraft();
  const name = f.get('name');
  if (name && !emailIn(name) && !phoneIn(name)) d.fullName = name;
  if (f.has('first')) d.firstName = f.get('first');
  if (f.has('last')) d.lastName = f.get('last');
  if (d.fullName && !d.firstName && !d.lastName) Object.assign(d, splitName(d.fullName));
  const email = emailIn(f.get('email'));
  if (email) d.emails.push(email);
  const phone = phoneIn(f.get('phone'));
  if (phone) d.phones.push(phone);
  const place = f.get('property') ?? f.get('street');
  if (place) Object.assign(d, parseAddress(place));
  for (const k of ['city', 'state', 'zip'] as const) if (f.has(k) && !d[k]) d[k] = f.get(k);
  if (f.has('mls')) d.mlsNumber = f.get('mls')!.replace(/^#\s*/, '');
  const price = parsePrice(f.get('price'));
  if (price !== undefined) d.price = price;
  if (f.has('message')) d.message = f.get('message');
  const type = statedType(f.get('type'));
  if (type) d.type = type;
  if (f.has('leadId')) d.externalId = f.get('leadId');
  return d;
}
