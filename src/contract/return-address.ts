/**
 * Return addresses (`redirecturl`, the impersonation callback): only a path of this site may be
 * gone back to (contract section 7). Shared by the server and the web app, so no Node imports.
 *
 * Browsers forgive what a string check misses: they drop tabs and newlines anywhere in a URL and
 * read `\` as `/`, so `/\t/evil.example` and `/\evil.example` are `//evil.example`, another
 * host; and `/..//evil.example` resolves to the path `//evil.example`, which, written back as a
 * link, is another host again. So such characters are refused outright, the rest is parsed as
 * a URL against the site's own origin, and only a same-origin result whose path does not begin
 * with `//` is given back, in its parsed form.
 */

export const RETURN_ADDRESS_MAX = 2000;

// Resolving a path needs some origin; a reserved name that can never be a real site.
const PLACEHOLDER_ORIGIN = 'https://porchlight.invalid';

// C0 controls (tab, newline…), space, DEL and backslash: what URL parsers drop or reinterpret.
// oxlint-disable-next-line no-control-regex -- control characters are what it looks for
const FORBIDDEN = /[\u0000-\u0020\u007f\\]/;

/**
 * The path (with query and fragment) to return to, or null when `value` is not a path of the
 * site at `origin` (the caller then goes to its safe default).
 */
export function safeReturnPath(value: unknown, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_ADDRESS_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//') || FORBIDDEN.test(value)) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
