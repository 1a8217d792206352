/**
 * Merge fields of CRM e-mail templates (issue 16): `{first_name}` and friends, filled per lead
 * when an e-mail is sent or previewed. Shared with the web app, which names unknown fields as
 * the agent types, before the server refuses them.
 */
export const MERGE_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'agent_name',
  'agent_phone',
  'agent_email',
  'site_name',
  'listing_address',
  'listing_price',
] as const;

export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Readonly<Record<MergeField, string>>;

/** What the template manager and the composer tell people each field becomes. */
export const MERGE_FIELD_LABELS: Readonly<Record<MergeField, string>> = {
  first_name: "The lead's first name",
  last_name: "The lead's last name",
  full_name: "The lead's full name",
  agent_name: 'Your name',
  agent_phone: 'Your cell phone',
  agent_email: 'Your e-mail address',
  site_name: "The lead's site",
  listing_address: 'The address of the listing the lead asked about',
  listing_price: 'Its price',
};

// A field is a name of letters, digits and underscores in braces; other braces are plain text.
const FIELD = /\{([A-Za-z0-9_]+)\}/g;
const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/** The fields in `text` that are not merge fields, each once, in order of appearance. */
export function unknownMergeFields(...texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) for (const m of text.matchAll(FIELD)) if (!isMergeField(m[1]!) && !out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

/** The refusal of a template or e-mail naming unknown fields, e.g. "Unknown merge field {frist_name}; use {first_name}, …". */
export function unknownMergeFieldsMessage(unknown: readonly string[]): string {
  const names = unknown.map((n) => `{${n}}`).join(', ');
  return `Unknown merge field${unknown.length > 1 ? 's' : ''} ${names}; use ${MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}`;
}

/** The fields `text` uses whose value is empty for this lead (the composer says so before sending). */
export function emptyMergeFields(values: MergeValues, ...texts: readonly string[]): MergeField[] {
  const out: MergeField[] = [];
  for (const text of texts) for (const m of text.matchAll(FIELD)) if (isMergeField(m[1]!) && !clean(values[m[1]]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}

const clean = (v: string): string => v.replace(/\s+/g, ' ').trim();
const WORD = /[\p{L}\p{N}]/u;

/**
 * Fills the merge fields of `text` (unknown ones are left as typed: saving refuses them first).
 * An empty value is handled line by line, by these rules:
 *  1. the field disappears with the spaces before it: "Hi {first_name}," → "Hi,";
 *     "{first_name} {last_name}" without a last name → "Ann"; brackets left empty go too;
 *  2. a field that starts a line takes the punctuation after it along, and the line then starts
 *     with a capital: "{first_name}, your tour is set." → "Your tour is set.";
 *  3. a line left without a word (a signature line "{agent_phone}") is left out, and so is a
 *     line left ending in a colon, a label without its value ("Phone: {agent_phone}");
 * so no "Hi ," and no blank signature line. Lines without an empty field are untouched.
 */
export function renderMergeFields(text: string, values: MergeValues): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    let emptied = false;
    let emptiedAtStart = false;
    const filled = line.replace(/([ \t]*)\{([A-Za-z0-9_]+)\}/g, (whole, space: string, name: string, offset: number) => {
      if (!isMergeField(name)) return whole;
      const value = clean(values[name]);
      if (value) return `${space}${value}`;
      emptied = true;
      if (offset === 0 || line.slice(0, offset).trim() === '') emptiedAtStart = true;
      return '';
    });
    if (!emptied) {
      out.push(filled);
      continue;
    }
    // Brackets that held only empty fields go too: "({listing_price})".
    let result = filled.replace(/[ \t]*(\([ \t]*\)|\[[ \t]*\])/g, '');
    if (emptiedAtStart) {
      const indent = /^[ \t]*/.exec(line)![0];
      const rest = result.trimStart().replace(/^[,;:.!?\-–—]+[ \t]*/, '');
      result = indent + rest.charAt(0).toUpperCase() + rest.slice(1);
    }
    if (!WORD.test(result) || /:[ \t]*$/.test(result)) continue;
    out.push(result);
  }
  return out.join('\n');
}
