import { useSyncExternalStore } from 'react';
import { fill, pluralCategory } from '../../../src/contract/label-fill';
import { type Labels, labelsIn } from '../api/translations';

const SUPPORTED = new Set(['en', 'es', 'fr', 'zh', 'vi']);
/** Spec section 9: the 'lang' cookie lasts 7 days, but only for the session when English. */
const LANG_COOKIE_SECONDS = 7 * 24 * 3600;

/**
 * The language last worked out, and the query string it came from. Every number and
 * label a card writes asks for the language; reading `document.cookie` each time cost a page of
 * cards tens of milliseconds on a phone (docs/benchmarks.md, Lighthouse).
 */
let known: { search: string; language: string } | undefined;

/** The page's language: ?lang=, else the 'lang' cookie (spec section 9), else English. */
export function currentLanguage(): string {
  if (typeof window === 'undefined') return 'en';
  const search = window.location.search;
  // The cookie is read again only when the query string changed: while it names a language, the
  // cookie applyLanguage writes says the same.
  if (known?.search !== search) known = { search, language: languageOf(search, document.cookie) };
  return known.language;
}

/** The supported language `?lang=` names, if any. */
function askedIn(search: string): string | undefined {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  return asked && SUPPORTED.has(asked) ? asked : undefined;
}

function languageOf(search: string, cookie: string): string {
  const fromQuery = askedIn(search);
  if (fromQuery) return fromQuery;
  const fromCookie = /(?:^|;\s*)lang=([^;]*)/.exec(cookie)?.[1]?.toLowerCase();
  return fromCookie && SUPPORTED.has(fromCookie) ? fromCookie : 'en';
}

/**
 * Keeps the language a `?lang=` asked for in the 'lang' cookie (7 days; a session cookie for
 * English), so later pages without the parameter stay in it, and says it on <html lang>.
 */
export function applyLanguage(): void {
  if (typeof window === 'undefined') return;
  const asked = askedIn(window.location.search);
  if (asked) {
    document.cookie = `lang=${asked}; Path=/; SameSite=Lax${asked === 'en' ? '' : `; Max-Age=${LANG_COOKIE_SECONDS}`}${location.protocol === 'https:' ? '; Secure' : ''}`;
  }
  document.documentElement.lang = currentLanguage();
}

// One request for the page's labels, shared by every component (no flash per label). English
// asks for nothing: the catalogue's English is the text the components carry, and English pages
// (most of them) save the request.
let labels: Labels | null = null;
let asked = false;
const listeners = new Set<() => void>();
function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  if (!asked) {
    asked = true;
    const language = currentLanguage();
    if (language === 'en') {
      labels = {};
      queueMicrotask(() => {
        for (const f of listeners) f();
      });
      return () => listeners.delete(fn);
    }
    void labelsIn(language)
      .then(
        (r) => r.labels,
        () => ({}),
      )
      .then((l) => {
        labels = l;
        for (const f of listeners) f();
      });
  }
  return () => listeners.delete(fn);
}

export type Translate = (id: string, english: string, vars?: Readonly<Record<string, string | number>>) => string;

export { fill };

/**
 * The catalogue's labels in the page's language: `t(id, english, vars)` gives the label's text
 * (the English given, which must be the catalogue's, until the labels arrive or where a
 * language has none). Every user-visible string of the public site goes through it or through
 * <Translatable>; tests/tooling/translations-catalogue.unit.spec.ts holds the two together.
 */
export function useT(): Translate {
  const l = useSyncExternalStore(
    subscribe,
    () => labels,
    () => null,
  );
  const language = currentLanguage();
  return (id, english, vars) => fill(l?.[id] ?? english, vars, language);
}

/** The page's labels once they arrived (for text made outside rendering: a toast after a request). */
export function labelsLoaded(): Promise<Translate> {
  return new Promise((resolve) => {
    const language = currentLanguage();
    const done = () => resolve((id, english, vars) => fill(labels?.[id] ?? english, vars, language));
    if (labels) return done();
    const stop = subscribe(() => {
      stop();
      done();
    });
  });
}

/**
 * Whether `n` takes the singular label in the page's language (Intl.PluralRules): 1 in English,
 * 0 and 1 in French; the catalogue's singular labels carry {count} for that reason.
 */
export const isOne = (n: number, language = currentLanguage()): boolean => pluralCategory(n, language) === 'one';

/** A label's text in the page's language (the given English text until the labels arrive). */
export function useLabel(id: string, fallback: string): string {
  return useT()(id, fallback);
}

/** The editor's address for a label (spec section 2: language, transid, translang). */
export function translationEditorHref(id: string, language = currentLanguage()): string {
  const translang = language === 'en' ? 'es' : language;
  return `/dashboard/settings/advanced/translations/?language=${encodeURIComponent(language)}&transid=${encodeURIComponent(id)}&translang=${encodeURIComponent(translang)}`;
}
