import type pg from 'pg';
import { textsFor } from '../../../projections/translations';
import { fill } from '../../contract/label-fill';
import { isLanguage } from '../translations';

/** A label of the catalogue in the page's language: its text there, else the English given (the catalogue's). */
export type Translate = (id: string, english: string, vars?: Readonly<Record<string, string | number>>) => string;

/** The catalogue's English: what English pages show (the web app asks for no labels in English either). */
export const english: Translate = (_id, en, vars) => fill(en, vars);

/** The page's language as the web app picks it (web/src/ui/translations.ts): ?lang=, else the 'lang' cookie, else English. */
export function pageLanguage(query: URLSearchParams, cookieHeader: string | undefined): string {
  const asked = query.get('lang')?.toLowerCase();
  if (asked && isLanguage(asked)) return asked;
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.toLowerCase();
  return cookie && isLanguage(cookie) ? cookie : 'en';
}

const LABELS_TTL_MS = 30_000;

/**
 * A language's labels from the translations read model, one read per language and 30 s (like
 * the site's other reads): a translation saved in the back office shows within half a minute.
 */
export class PageLabels {
  private readonly cache = new Map<string, { at: number; texts: Promise<Map<string, string>> }>();

  constructor(private readonly pool: pg.Pool) {}

  async translator(language: string): Promise<Translate> {
    if (language === 'en') return english;
    const texts = await this.textsOf(language);
    return (id, en, vars) => fill(texts.get(id) ?? en, vars, language);
  }

  private textsOf(language: string): Promise<Map<string, string>> {
    const hit = this.cache.get(language);
    if (hit && Date.now() - hit.at < LABELS_TTL_MS) return hit.texts;
    const texts = textsFor(this.pool, [language]).then((all) => new Map([...(all.get(language) ?? new Map()).entries()].map(([id, r]) => [id, r.text])));
    this.cache.set(language, { at: Date.now(), texts });
    texts.catch(() => this.cache.delete(language));
    return texts;
  }
}
