import { useEffect, useState } from 'react';
import { type Labels, labelsIn } from '../api/translations';

const SUPPORTED = new Set(['en', 'es', 'fr', 'zh', 'vi']);

/** The page's language: ?lang=, else the 'lang' cookie (spec section 9), else English. */
export function currentLanguage(): string {
  if (typeof window === 'undefined') return 'en';
  const fromQuery = new URLSearchParams(window.location.search).get('lang')?.toLowerCase();
  if (fromQuery && SUPPORTED.has(fromQuery)) return fromQuery;
  const fromCookie = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1]?.toLowerCase();
  return fromCookie && SUPPORTED.has(fromCookie) ? fromCookie : 'en';
}

const loaded = new Map<string, Promise<Labels>>();
const labelsFor = (language: string): Promise<Labels> => {
  let p = loaded.get(language);
  if (!p) {
    p = labelsIn(language).then((r) => r.labels, () => ({}));
    loaded.set(language, p);
  }
  return p;
};

/** A label's text in the page's language (the given English text until the labels arrive). */
export function useLabel(id: string, fallback: string): string {
  const [labels, setLabels] = useState<Labels | null>(null);
  useEffect(() => {
    let live = true;
    void labelsFor(currentLanguage()).then((l) => live && setLabels(l));
    return () => {
      live = false;
    };
  }, []);
  return labels?.[id] ?? fallback;
}

/** The editor's address for a label (spec section 2: language, transid, translang). */
export function translationEditorHref(id: string, language = currentLanguage()): string {
  const translang = language === 'en' ? 'es' : language;
  return `/dashboard/settings/advanced/translations/?language=${encodeURIComponent(language)}&transid=${encodeURIComponent(id)}&translang=${encodeURIComponent(translang)}`;
}
