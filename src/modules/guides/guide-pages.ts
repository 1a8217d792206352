import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { guideById, guidesOf, guidesOfArea, type StoredGuide } from '../../../projections/guides';
import { siteOffice } from '../../../projections/lead-routing';
import { DB_POOL } from '../../runtime/tokens';
import { type GuideArea, type GuideLink, guidePath, paragraphsOf, type PublicGuide } from '../../contract/guides';
import { areaPath, type AreaKind, slugOf } from '../../contract/public-pages';
import { type Html, html } from '../../shared/html';
import { type Crumb, type PageHead, PublicPages, renderMarket, shortText, type SiteAt } from '../public-pages';
import type { ResolvedSite } from '../sites';

const GUIDE_PATH = /^\/guides\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

/**
 * The public side of area guides: a guide shows on the sites of the office that wrote it (its
 * broker's and its agents' sites), nowhere else; elsewhere it is not found. Its market numbers
 * are the area page's, computed from the listings when asked.
 */
@Injectable()
export class GuidePages implements OnModuleInit {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(PublicPages) private readonly pages: PublicPages,
  ) {}

  onModuleInit(): void {
    this.pages.addPages((at, path) => this.render(at, path));
    this.pages.addLinks({ ofArea: (site, area) => this.linksOfArea(site, area), ofSite: (site) => this.pathsOfSite(site) });
  }

  /** The guides of a place written by the site's office, as its area page links them. */
  async linksOfArea(site: ResolvedSite | undefined, area: { readonly kind: AreaKind; readonly label: string }): Promise<GuideLink[]> {
    const office = await this.officeOfSite(site);
    return office ? (await guidesOfArea(this.pool, office, area)).map((g) => ({ title: g.title, path: g.path })) : [];
  }

  /** The site's guides for its sitemap. */
  private async pathsOfSite(site: ResolvedSite | undefined): Promise<{ path: string; changedAt: string }[]> {
    const office = await this.officeOfSite(site);
    return office ? (await guidesOf(this.pool, office)).map((g) => ({ path: g.path, changedAt: g.updatedAt })) : [];
  }

  /** The office whose site this is: its broker's id (a broker's site: the broker; an agent's: their broker). */
  async officeOfSite(site: ResolvedSite | undefined): Promise<string | null> {
    if (!site) return null;
    const s = await siteOffice(this.pool, site.siteId);
    return s ? (s.ownerOfficeId ?? s.ownerId) : null;
  }

  /** The guide as a site's visitors see it, or undefined when it is not this site's office's. */
  async publicGuide(site: ResolvedSite | undefined, guideId: string): Promise<PublicGuide | undefined> {
    const guide = await guideById(this.pool, guideId);
    if (!guide || guide.officeId !== (await this.officeOfSite(site))) return undefined;
    return this.withMarket(guide);
  }

  async withMarket(guide: StoredGuide): Promise<PublicGuide> {
    const { officeId: _office, ...view } = guide;
    const area = await this.pages.areaView({ kind: guide.area.kind, slug: areaSlug(guide.area) });
    return { ...view, market: area?.market ?? null, areaPath: area ? areaPath(area.kind, area.label) : null };
  }

  private async render(at: SiteAt, path: string): Promise<{ status: number; head: PageHead; crumbs: Crumb[]; main: Html } | undefined> {
    if (!path.startsWith('/guides/')) return undefined;
    const id = GUIDE_PATH.exec(path)?.[1];
    const guide = id ? await this.publicGuide(at.site, id) : undefined;
    const t = at.t;
    if (!guide) {
      const main = html`<h1>${t('notFound.title', 'Page not found')}</h1><p><a href="/search">${t('pages.searchForSale', 'Search homes for sale')}</a></p>`;
      return {
        status: 404,
        head: {
          title: `Page not found | ${at.name}`,
          description: 'This guide does not exist.',
          canonical: `${at.base}${path}`,
          image: null,
          ogType: 'website',
          siteName: at.name,
          jsonLd: [],
          robots: 'noindex',
        },
        crumbs: [],
        main,
      };
    }
    const place = guide.area.kind === 'county' ? t('pages.county', '{county} County', { county: guide.area.label }) : guide.area.label;
    const crumbs: Crumb[] = [
      { name: t('pages.crumb.home', 'Home'), path: '/' },
      { name: guide.title, path: guide.path },
    ];
    // Text only: each paragraph is escaped by html``, never read as markup.
    const main = html`<article><h1>${guide.title}</h1>
${guide.photos.map((src, i) => html`<img src="${src}" alt="${t('guides.photoAlt', '{place}, photo {n}', { place, n: i + 1 })}" width="640" height="400" loading="${i === 0 ? 'eager' : 'lazy'}">`)}
${paragraphsOf(guide.body).map((p) => html`<p>${p}</p>`)}
${guide.market ? renderMarket(place, guide.market, t) : ''}
${guide.areaPath ? html`<p><a href="${guide.areaPath}">${t('pages.area.heading', 'Homes for sale in {place}', { place })}</a></p>` : ''}
</article>`;
    const head: PageHead = {
      title: `${guide.title} | ${at.name}`,
      description: shortText(paragraphsOf(guide.body)[0] ?? guide.title),
      canonical: `${at.base}${guidePath(guide.guideId)}`,
      image: guide.photos[0] ? `${at.base}${guide.photos[0]}` : null,
      ogType: 'article',
      siteName: at.name,
      jsonLd: [],
    };
    return { status: 200, head, crumbs, main };
  }
}

export const areaSlug = (area: GuideArea): string => (area.kind === 'zip' ? area.label : slugOf(area.label));
