import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { marketAreas, marketMonths, marketStatsStamp } from '../../../projections/market-stats';
import { DB_POOL } from '../../runtime/tokens';
import { type MarketReport, marketPath, parseMarketPath } from '../../contract/market-reports';
import { slugOf } from '../../contract/public-pages';
import { html } from '../../shared/html';
import { breadcrumbList, type ExtraPage, PublicPages, type SiteAt } from '../public-pages';
import type { ResolvedSite } from '../sites';
import { renderMarketReport } from './market-report.html';

/** Areas whose report is kept in memory: a few hundred small objects (36 months each). */
const CACHED_AREAS = 500;

/**
 * Market reports (/market/{city-or-zip}): server-rendered like area pages, canonical on the site
 * that holds the search (a branded site's master), named in the sitemap and linked from their
 * area's page.
 */
@Injectable()
export class MarketPages implements OnModuleInit {
  private readonly cache = new Map<string, { readonly stamp: string; readonly report: MarketReport | undefined }>();

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(PublicPages) private readonly pages: PublicPages,
  ) {}

  onModuleInit(): void {
    this.pages.addPages((at, path) => this.render(at, path));
    this.pages.addLinks({
      ofArea: async (_site, area) => {
        if (area.kind === 'county') return [];
        const slug = area.kind === 'zip' ? area.label : slugOf(area.label);
        return (await this.report(area.kind, slug)) ? [{ title: `${area.label} housing market report`, path: marketPath(slug) }] : [];
      },
      ofSite: (site) => this.pathsOfSite(site),
    });
  }

  /** The report an address names, or undefined for an area with no listings. */
  async reportOf(path: string): Promise<MarketReport | undefined> {
    const ref = parseMarketPath(path);
    return ref ? this.report(ref.kind, ref.slug) : undefined;
  }

  /**
   * An area's report, cached under the read model's stamp (one indexed row read per request):
   * recomputing it reads every listing the area ever had. Areas with no report are cached too.
   */
  private async report(kind: 'city' | 'zip', slug: string): Promise<MarketReport | undefined> {
    const key = `${kind}:${slug}`;
    const stamp = await marketStatsStamp(this.pool);
    const hit = this.cache.get(key);
    if (hit && hit.stamp === stamp) return hit.report;
    const found = await marketMonths(this.pool, { kind, slug });
    const report = found ? { kind, label: found.label, path: marketPath(slug), months: found.months } : undefined;
    // Oldest first out: a Map iterates in insertion order.
    this.cache.delete(key);
    this.cache.set(key, { stamp, report });
    if (this.cache.size > CACHED_AREAS) this.cache.delete(this.cache.keys().next().value!);
    return report;
  }

  private async pathsOfSite(site: ResolvedSite | undefined): Promise<{ path: string; changedAt: string }[]> {
    // A branded site hands its search to its master: the reports are the master's pages.
    if (site?.kind === 'brand' && site.masterSiteId) return [];
    return (await marketAreas(this.pool)).map((a) => ({ path: marketPath(a.slug), changedAt: '' }));
  }

  private render: ExtraPage = async (at: SiteAt, path: string) => {
    if (!path.startsWith('/market/')) return undefined;
    const r = await this.reportOf(path);
    if (!r) {
      return {
        status: 404,
        head: {
          title: `Page not found | ${at.name}`,
          description: 'No market report for this area.',
          canonical: `${at.base}${path}`,
          image: null,
          ogType: 'website',
          siteName: at.name,
          jsonLd: [],
          robots: 'noindex',
        },
        crumbs: [],
        main: html`<h1>No market report for this area</h1><p>We hold no listings there. <a href="/search">Search homes for sale</a></p>`,
      };
    }
    const url = `${at.searchBase}${r.path}`;
    const heading = `${r.label} housing market`;
    const latest = [...r.months].reverse().find((m) => m.medianPrice !== null);
    const description = latest
      ? `${r.label} real estate market report: median sold price $${latest.medianPrice!.toLocaleString('en-US')} in ${latest.month}, price per square foot, days on market, new listings, inventory and months of supply by month.`
      : `${r.label} real estate market report: new listings, active inventory and sales by month.`;
    const crumbs = [
      { name: 'Home', path: '/' },
      { name: heading, path: r.path },
    ];
    return {
      status: 200,
      head: {
        title: `${heading}: prices and trends | ${at.name}`,
        description,
        canonical: url,
        image: null,
        ogType: 'website',
        siteName: at.name,
        jsonLd: [marketDataset(r, url, description, at.name), breadcrumbList(crumbs.map((c) => ({ name: c.name, url: `${at.searchBase}${c.path}` })))],
      },
      crumbs,
      main: html`<h1>${heading}</h1>${renderMarketReport(r)}`,
    };
  };
}

/** schema.org Dataset: what the table measures, where and over which months. */
function marketDataset(r: MarketReport, url: string, description: string, publisher: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: `${r.label} housing market by month`,
    description,
    url,
    temporalCoverage: `${r.months[0]!.month}/${r.months.at(-1)!.month}`,
    spatialCoverage: { '@type': 'Place', name: r.kind === 'zip' ? `ZIP code ${r.label}` : r.label },
    variableMeasured: [
      'Median sold price',
      'Median price per square foot',
      'Median days on market',
      'Homes sold',
      'New listings',
      'Active listings at month end',
      'Months of supply',
    ],
    creator: { '@type': 'Organization', name: publisher },
    isAccessibleForFree: true,
  };
}
