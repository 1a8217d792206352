import type pg from 'pg';
import { type Area, sitemapFileStart, sitemapFileStarts, sitemapListings } from '../../../projections/search';
import { escapeHtml } from '../../shared/html';
import { agentPath, areaPath, listingPath } from './slugs';

/** sitemaps.org: a sitemap holds at most 50,000 URLs (and 50 MB: ours stay far below). */
export const SITEMAP_MAX_URLS = 50_000;
/** Listings read per query while a file streams (keyset on pdid). */
const BATCH = 5_000;

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const url = (loc: string, lastmod: string | null): string =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>\n`;

/**
 * What a site's sitemaps name: its root, its people's pages, every area with listings, and
 * whether its listings (a branded site's search, areas and listings are its master's: neither).
 */
export type SitemapPages = {
  readonly agents: readonly { firstName: string; lastName: string; pageKey: string; changedAt: string }[];
  readonly areas: readonly Area[];
  readonly listings: boolean;
  /** Other contexts' pages of the site (its office's area guides). */
  readonly more: readonly { readonly path: string; readonly changedAt: string }[];
};

/** The sitemap index of a site: one file of its own pages, the areas in files of `perFile`, then the listings'. */
export async function sitemapIndex(db: pg.Pool, base: string, pages: SitemapPages, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const starts = pages.listings ? await sitemapFileStarts(db, perFile) : [];
  const areaFiles = Math.ceil(pages.areas.length / perFile);
  const files = [
    `${base}/sitemaps/pages.xml`,
    ...Array.from({ length: areaFiles }, (_, i) => `${base}/sitemaps/areas-${i + 1}.xml`),
    ...starts.map((_, i) => `${base}/sitemaps/listings-${i + 1}.xml`),
  ];
  return `${XML}<sitemapindex xmlns="${NS}">\n${files.map((f) => `<sitemap><loc>${escapeHtml(f)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

/** The site's root, its people's pages and the other pages of the site (guides). */
export function pagesSitemap(base: string, pages: SitemapPages): string {
  return `${XML}<urlset xmlns="${NS}">\n${url(`${base}/`, null)}${pages.agents.map((a) => url(`${base}${agentPath(a)}`, a.changedAt)).join('')}${pages.more.map((p) => url(`${base}${p.path}`, p.changedAt)).join('')}</urlset>\n`;
}

/** Areas file `file` (1-based) of `perFile`, or undefined past the last. */
export function areasSitemap(base: string, areas: readonly Area[], file: number, perFile = SITEMAP_MAX_URLS): string | undefined {
  const slice = areas.slice((file - 1) * perFile, file * perFile);
  if (slice.length === 0) return undefined;
  return `${XML}<urlset xmlns="${NS}">\n${slice.map((a) => url(`${base}${areaPath(a.kind, a.name)}`, null)).join('')}</urlset>\n`;
}

/**
 * Streams listings file `file` (1-based) of `perFile`: every listing with a public page from the
 * file's first pdid on, read in keyset batches so that memory and each query stay small at any
 * size. False when there is no such file (nothing written).
 */
export async function writeListingsSitemap(
  db: pg.Pool,
  base: string,
  file: number,
  write: (chunk: string) => void,
  perFile = SITEMAP_MAX_URLS,
): Promise<boolean> {
  const first = await sitemapFileStart(db, perFile, file - 1);
  if (first === undefined) return false;
  write(`${XML}<urlset xmlns="${NS}">\n`);
  let left = perFile;
  let at: { from: string } | { after: string } = { from: first };
  while (left > 0) {
    const rows = await sitemapListings(db, at, Math.min(BATCH, left));
    if (rows.length === 0) break;
    write(rows.map((r) => url(`${base}${listingPath(r.pdid)}`, r.modifiedAt)).join(''));
    left -= rows.length;
    at = { after: rows.at(-1)!.pdid };
  }
  write('</urlset>\n');
  return true;
}

/** robots.txt: every public page may be crawled; the map, accounts, the dashboard and the API not (bots get no map). */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /account',
    'Disallow: /organizer',
    'Disallow: /dev/',
    'Disallow: /search/map',
    'Disallow: /search/split',
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
