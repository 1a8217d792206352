/**
 * Numbers and plurals the way the page's language writes them (Intl.NumberFormat and
 * Intl.PluralRules: 1,234 in English, 1 234 in French; "0 maison" is singular in French), and
 * a catalogue label with its values in: `{name}` is `vars.name`, a number written in the
 * language. The same on the server-rendered pages and in the web app.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let made = cache.get(locale);
  if (!made) {
    // A language this runtime has no data for is written the English way.
    try {
      made = make(locale);
    } catch {
      made = make('en');
    }
    cache.set(locale, made);
  }
  return made;
}

/** `n` as the language writes numbers (grouping and decimal signs). */
export const formatNumber = (n: number, locale = 'en'): string => cached(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(n);

/** The plural form of the language for `n`: 'one', 'other', and 'few' or 'many' where the language has them. */
export const pluralCategory = (n: number, locale = 'en'): Intl.LDMLPluralRule => cached(pluralRules, locale, (l) => new Intl.PluralRules(l)).select(n);

export const fill = (text: string, vars?: Readonly<Record<string, string | number>>, locale = 'en'): string =>
  vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? (typeof vars[k] === 'number' ? formatNumber(vars[k], locale) : String(vars[k])) : m)) : text;
