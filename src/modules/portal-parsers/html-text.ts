/**
 * A small reader for the HTML of lead notification e-mails: the text a person sees, one visual line per
 * line, plus the machine-readable parts some portals embed (lead metadata `meta` tags, JSON-LD). Portal
 * mails are table layouts, so cells and blocks become line breaks and the label/value pairs they hold
 * stay readable as "Label value" or "Label" then "value" lines.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  reg: '®',
  copy: '©',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  bull: '•',
  middot: '·',
  check: '✓',
  zwnj: '',
  zwj: '',
};

/** Character references as the browser reads them; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

// Zero-width characters portals put inside brand names ("realtor.&#8203;com") to defeat auto-linking.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

// A lead mail's lines are short; a longer one is noise, and capping it keeps every pattern linear.
const MAX_LINE = 1000;

/** Trimmed, space-collapsed lines with the empty ones left out. */
export function textLines(text: string): string[] {
  return text
    .replace(INVISIBLE, '')
    .split(/\r?\n|\r/)
    .map((l) =>
      l
        .replace(/[ \t\u00a0]+/g, ' ')
        .trim()
        .slice(0, MAX_LINE),
    )
    .filter((l) => l.length > 0);
}

/** The visible text of an HTML document, a line per block, cell or break. */
export function htmlToText(html: string): string {
  const withoutHidden = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(head|style|script|title|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/?(p|div|tr|td|th|li|ul|ol|table|tbody|thead|tfoot|h[1-6]|blockquote|pre|section|article|header|footer|center|dd|dt|dl)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withoutHidden);
}

/** `<meta name=… content=…>` pairs anywhere in the document (some senders put them in the body). */
export function metaTags(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = attribute(tag, 'name');
    const content = attribute(tag, 'content');
    if (name && content !== null && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), decodeEntities(content).trim());
  }
  return out;
}

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/** The parsed JSON-LD blocks; a block that does not parse is left out. */
export function jsonLdBlocks(html: string): unknown[] {
  const out: unknown[] = [];
  const re = /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    try {
      out.push(JSON.parse(m[1]!));
    } catch {
      // Not every sender writes valid JSON-LD; the other readers still get their turn.
    }
  }
  return out;
}
