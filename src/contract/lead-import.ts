import { z } from 'zod';
import { parseEmail } from './email';
import { phoneE164 } from './phone-number';

/**
 * The lead import's vocabulary (contract section 5a), shared by the server and the import page:
 * the fields a column can be mapped to, the guess from a header row, what a row becomes, the
 * duplicate policies, the limits and their messages. No Node imports here.
 */

/** What a column can become: the inquiry's payload (spec section 3), a first and last name, and tags. */
export const IMPORT_FIELDS = [
  'FullName',
  'FirstName',
  'LastName',
  'Email',
  'Phone',
  'LeadType',
  'Message',
  'Tags',
  'Street',
  'City',
  'State',
  'Zip',
  'BuyerLocation',
  'BuyerMinPrice',
  'BuyerMaxPrice',
  'BuyerBeds',
  'BuyerPropertyTypes',
  'PropertyAddress',
  'PropertyStyle',
  'PropertySqFt',
  'PropertyAge',
  'PropertyBeds',
  'PropertyBaths',
  'PropertyFeatures',
  'SellerReason',
  'SellerTimeframe',
  'ReferralFullName',
  'ReferralEmail',
  'ReferralPhone',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  FullName: 'Full name',
  FirstName: 'First name',
  LastName: 'Last name',
  Email: 'Email',
  Phone: 'Phone',
  LeadType: 'Lead type',
  Message: 'Message / notes',
  Tags: 'Tags',
  Street: 'Street',
  City: 'City',
  State: 'State',
  Zip: 'Zip',
  BuyerLocation: 'Buyer: location',
  BuyerMinPrice: 'Buyer: minimum price',
  BuyerMaxPrice: 'Buyer: maximum price',
  BuyerBeds: 'Buyer: beds',
  BuyerPropertyTypes: 'Buyer: property types',
  PropertyAddress: 'Seller: property address',
  PropertyStyle: 'Seller: style',
  PropertySqFt: 'Seller: square feet',
  PropertyAge: 'Seller: age',
  PropertyBeds: 'Seller: beds',
  PropertyBaths: 'Seller: baths',
  PropertyFeatures: 'Seller: features',
  SellerReason: 'Seller: reason for selling',
  SellerTimeframe: 'Seller: timeframe',
  ReferralFullName: 'Referral: name',
  ReferralEmail: 'Referral: email',
  ReferralPhone: 'Referral: phone',
};

/** Column (its header text) → field; a column left out, or mapped to null, is not imported. */
export type ImportMapping = Readonly<Record<string, ImportField | null>>;

/** What to do with a row whose e-mail or phone is already a lead of the office (or an earlier row of the file). */
export const DUPLICATE_POLICIES = ['skip', 'merge', 'create'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
export const DUPLICATE_POLICY_LABELS: Readonly<Record<DuplicatePolicy, string>> = {
  skip: 'Skip it (keep the lead as it is)',
  merge: 'Merge: fill the lead’s empty fields and add the row’s tags',
  create: 'Create a new lead anyway (same e-mail on the same site is still one lead)',
};

export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000, maxTags: 20, maxTagLength: 50 } as const;

export const IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file to import',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files and import each.',
  tooManyRows: 'The file has more than 50,000 rows. Split it into smaller files and import each.',
  notText: 'The file is not a CSV text file (UTF-8)',
  noRows: 'The file has no rows below its header row',
  emailColumn: 'Map a column to Email',
  phoneColumn: 'Map a column to Phone',
  nameColumn: 'Map a column to Full name, or to First name and Last name',
  emailInUse: 'Email already in use',
  /** A duplicate (skip policy, or a lead the importer may not change): the report's line. */
  duplicate: 'Already a lead of your office',
  duplicateInFile: 'Same e-mail or phone as an earlier row',
  otherAgentsLead: 'Already a lead of another agent of your office',
  merged: 'Merged into the existing lead',
} as const;

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header spellings each field is guessed from (after lower-casing and dropping everything but letters and digits). */
const SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = {
  FullName: ['fullname', 'name', 'contactname', 'contact', 'leadname', 'clientname'],
  FirstName: ['firstname', 'first', 'givenname', 'fname'],
  LastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  Email: ['email', 'emailaddress', 'mail', 'primaryemail', 'email1'],
  Phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'cell', 'cellphone', 'telephone', 'tel', 'primaryphone', 'phone1'],
  LeadType: ['leadtype', 'type'],
  Message: ['message', 'notes', 'note', 'comments', 'comment', 'description'],
  Tags: ['tags', 'tag', 'labels', 'groups'],
  Street: ['street', 'address', 'streetaddress', 'address1'],
  City: ['city', 'town'],
  State: ['state', 'province', 'region'],
  Zip: ['zip', 'zipcode', 'postalcode', 'postcode'],
  BuyerLocation: ['buyerlocation'],
  BuyerMinPrice: ['buyerminprice', 'minprice'],
  BuyerMaxPrice: ['buyermaxprice', 'maxprice'],
  BuyerBeds: ['buyerbeds'],
  BuyerPropertyTypes: ['buyerpropertytypes', 'propertytypes'],
  PropertyAddress: ['propertyaddress'],
  PropertyStyle: ['propertystyle'],
  PropertySqFt: ['propertysqft', 'sqft'],
  PropertyAge: ['propertyage'],
  PropertyBeds: ['propertybeds'],
  PropertyBaths: ['propertybaths'],
  PropertyFeatures: ['propertyfeatures'],
  SellerReason: ['sellerreason'],
  SellerTimeframe: ['sellertimeframe', 'timeframe'],
  ReferralFullName: ['referralfullname', 'referralname'],
  ReferralEmail: ['referralemail'],
  ReferralPhone: ['referralphone'],
};

/** The mapping a header row suggests: each field from the first column whose header reads as it; other columns unmapped. */
export function guessMapping(header: readonly string[]): Record<string, ImportField | null> {
  const mapping: Record<string, ImportField | null> = {};
  const taken = new Set<ImportField>();
  for (const column of header) {
    if (column in mapping) continue;
    const key = normaliseHeader(column);
    const field = IMPORT_FIELDS.find((f) => !taken.has(f) && (normaliseHeader(f) === key || SYNONYMS[f].includes(key))) ?? null;
    mapping[column] = field;
    if (field) taken.add(field);
  }
  return mapping;
}

/** Column positions per mapped field, or the message of what is wrong with the mapping for this header row. */
export function resolveMapping(
  header: readonly string[],
  mapping: ImportMapping,
): { ok: true; columns: ReadonlyMap<ImportField, number> } | { ok: false; message: string } {
  const columns = new Map<ImportField, number>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null) continue;
    if (!IMPORT_FIELDS.includes(field)) return { ok: false, message: `"${field}" is not a field a column can be mapped to` };
    const index = header.indexOf(column);
    if (index < 0) return { ok: false, message: `The file has no column "${column}"` };
    if (header.indexOf(column, index + 1) >= 0) return { ok: false, message: `The column "${column}" appears twice in the header row; rename one` };
    if (columns.has(field)) return { ok: false, message: `Two columns are mapped to ${IMPORT_FIELD_LABELS[field]}` };
    columns.set(field, index);
  }
  if (!columns.has('Email')) return { ok: false, message: IMPORT_MESSAGES.emailColumn };
  if (!columns.has('Phone')) return { ok: false, message: IMPORT_MESSAGES.phoneColumn };
  if (!columns.has('FullName') && !columns.has('FirstName')) return { ok: false, message: IMPORT_MESSAGES.nameColumn };
  return { ok: true, columns };
}

/** One row as the inquiry it stands for: its fields trimmed, empty cells left out, the name joined, tags split. */
export type ImportRow = {
  readonly values: Readonly<Partial<Record<Exclude<ImportField, 'FirstName' | 'LastName' | 'Tags'>, string>>>;
  readonly tags: readonly string[];
};

export function rowValues(fields: readonly string[], columns: ReadonlyMap<ImportField, number>): ImportRow {
  const cell = (f: ImportField): string | undefined => {
    const i = columns.get(f);
    const v = i === undefined ? undefined : fields[i]?.trim();
    return v ? v : undefined;
  };
  const values: Partial<Record<ImportField, string>> = {};
  for (const f of IMPORT_FIELDS) {
    if (f === 'FirstName' || f === 'LastName' || f === 'Tags') continue;
    const v = cell(f);
    if (v !== undefined) values[f] = v;
  }
  if (values.FullName === undefined) {
    const joined = [cell('FirstName'), cell('LastName')].filter(Boolean).join(' ');
    if (joined) values.FullName = joined;
  }
  return { values, tags: splitTags(cell('Tags') ?? '') };
}

/** The longest value each field takes (the inquiry's own limits). */
const MAX_LENGTH: Readonly<Record<keyof ImportRow['values'], number>> = {
  FullName: 200,
  Email: 320,
  Phone: 40,
  LeadType: 50,
  Message: 5000,
  Street: 200,
  City: 100,
  State: 50,
  Zip: 20,
  BuyerLocation: 200,
  BuyerMinPrice: 50,
  BuyerMaxPrice: 50,
  BuyerBeds: 50,
  BuyerPropertyTypes: 300,
  PropertyAddress: 300,
  PropertyStyle: 100,
  PropertySqFt: 50,
  PropertyAge: 50,
  PropertyBeds: 50,
  PropertyBaths: 50,
  PropertyFeatures: 1000,
  SellerReason: 1000,
  SellerTimeframe: 100,
  ReferralFullName: 200,
  ReferralEmail: 320,
  ReferralPhone: 40,
};

/** The first value longer than its field takes, as a message; null when every value fits. */
export function tooLong(row: ImportRow): string | null {
  for (const [field, value] of Object.entries(row.values) as [keyof ImportRow['values'], string][]) {
    if ((value?.length ?? 0) > MAX_LENGTH[field]) return `${IMPORT_FIELD_LABELS[field]}: at most ${MAX_LENGTH[field]} characters`;
  }
  return null;
}

/** Tags from one cell: split on commas, semicolons or bars, trimmed, at most 50 characters, unique whatever their case. */
export function splitTags(cell: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of cell.split(/[,;|]/)) {
    const tag = raw.trim().slice(0, IMPORT_LIMITS.maxTagLength).trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
    if (tags.length === IMPORT_LIMITS.maxTags) break;
  }
  return tags;
}

/** Tags after adding `more`: the old ones first, then the new ones not already there (whatever their case). */
export function unionTags(tags: readonly string[], more: readonly string[]): string[] {
  const seen = new Set(tags.map((t) => t.toLowerCase()));
  return [...tags, ...more.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()))];
}

/** The key two rows or leads share when they have one e-mail address. */
export const emailKey = (value: string | null | undefined): string | null => (value ? parseEmail(value) : null);

/** The key two rows or leads share when they have one phone number: its E.164; what is no number matches nobody. */
export const phoneKey = (value: string | null | undefined): string | null => phoneE164(value);

/** What an import answers, and what GET …/import/{importId} answers while and after it runs. */
export const ImportSummarySchema = z.strictObject({
  importId: z.string(),
  state: z.enum(['running', 'done']),
  /** Data rows in the file, and how many have been worked through. */
  total: z.number(),
  done: z.number(),
  imported: z.number(),
  /** Rows that matched a lead of the office or an earlier row (skipped, merged or not creatable). */
  duplicates: z.number(),
  /** Of the duplicates: merged into their lead. */
  merged: z.number(),
  rejected: z.number(),
  /** Rejected rows with the reason (the first 1,000; the report has them all). */
  errors: z.array(z.strictObject({ row: z.number(), message: z.string() })).readonly(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const MAX_ERRORS_IN_SUMMARY = 1000;
