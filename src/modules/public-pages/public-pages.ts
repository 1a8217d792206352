import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AgentPage, agentPageById, agentPageByKey, agentPageByMlsId, agentPagesOf } from '../../../projections/agent-pages';
import { linkedListingAgent, listingAgentsIn } from '../../../projections/lead-routing';
import { siteStylesOf } from '../../../projections/sites';
import { activeListingsOf, type Area, areaMarket, areasOf, parseSearchRequest, SearchIndex } from '../../../projections/search';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { EventStore } from '../../eventstore/event-store.port';
import { formatPhone } from '../../contract/phone';
import { priceText } from '../../contract/price';
import { type AgentPageView, type AreaView, type ListingAgentLink, TEAM_PATH, type TeamMember } from '../../contract/public-pages';
import type { Card } from '../../contract/search';
import { courtesyWho } from '../../contract/listing-courtesy';
import { foldListing, listingDetails, type ListingDetailsView, listingStream, MlsDisclaimers, toCard } from '../listings';
import { type ResolvedSite, siteBaseUrl, SiteResolver } from '../sites';
import { renderMarket } from './area-market.html';
import { renderHomeCover } from './home-cover.html';
import { type Html, html } from '../../shared/html';
import { pluralCategory } from '../../contract/label-fill';
import { breadcrumbList, itemList, realEstateAgent, realEstateListing } from './json-ld';
import { factsLine, listingName, renderBody, renderCards, renderPager, type Crumb } from './page-body';
import { type PageHead, renderHead, shortText } from './page-head';
import { PageLabels, type Translate } from './page-language';
import { agentPath, areaPath, type AreaKind, listingPath, parseAgentPath, parseAreaPath, slugOf } from './slugs';

/** What a browser route answers: a page with its head and body, a redirect, or the app alone. */
export type Rendered =
  | { readonly kind: 'page'; readonly status: number; readonly lang: string; readonly head: Html; readonly body: Html }
  | { readonly kind: 'redirect'; readonly status: 301 | 302; readonly location: string }
  | { readonly kind: 'app'; readonly status: number };

/**
 * The site a request is for and where its pages live; `searchBase`: where its listing and area
 * pages are canonical, the master site's address for a branded site (which hands search to it).
 */
export type SiteAt = {
  readonly site: ResolvedSite | undefined;
  readonly base: string;
  readonly searchBase: string;
  readonly name: string;
  /** The page's language and its labels (the catalogue's, as the web app shows them). */
  readonly lang: string;
  readonly t: Translate;
};

export const PER_PAGE = 24;
const AGENT_LISTINGS = 48;
const AREAS_TTL_MS = 30_000;
const HOME_AREAS = 48;

/**
 * The server-rendered public pages (issue 17: found, read and previewed without JavaScript):
 * listing pages, "Homes for sale in …" pages of cities, zips and counties, agents' pages and
 * the site root, each with its title, description, canonical address, link-preview tags and
 * JSON-LD; a listing the feed removed answers 410 with a way to similar homes.
 */
/** A page another context adds (an area guide): its parts, or undefined when the path is not one of its pages. */
export type ExtraPage = (at: SiteAt, path: string) => Promise<{ status: number; head: PageHead; crumbs: Crumb[]; main: Html } | undefined>;

/**
 * Pages another context lists for a site (an office's area guides): linked from a place's area
 * page, and named in the site's sitemap.
 */
export type SiteLinks = {
  readonly ofArea: (
    site: ResolvedSite | undefined,
    area: { readonly kind: AreaKind; readonly label: string },
  ) => Promise<readonly { readonly title: string; readonly path: string }[]>;
  readonly ofSite: (site: ResolvedSite | undefined) => Promise<readonly { readonly path: string; readonly changedAt: string }[]>;
};

@Injectable()
export class PublicPages {
  private readonly extraPages: ExtraPage[] = [];
  private readonly siteLinks: SiteLinks[] = [];
  private readonly areas = new Map<AreaKind, { at: number; list: Promise<Area[]> }>();
  private readonly labels: PageLabels;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(MlsDisclaimers) private readonly disclaimers: MlsDisclaimers,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.labels = new PageLabels(pool);
  }

  /** Adds the pages of another context (its module registers them when it starts). */
  addPages(render: ExtraPage): void {
    this.extraPages.push(render);
  }

  /** Adds the links of another context's pages to area pages and sitemaps. */
  addLinks(links: SiteLinks): void {
    this.siteLinks.push(links);
  }

  /** What other contexts list for the site, for its sitemap. */
  async linksOfSite(site: ResolvedSite | undefined): Promise<{ readonly path: string; readonly changedAt: string }[]> {
    return (await Promise.all(this.siteLinks.map((l) => l.ofSite(site)))).flat();
  }

  /** The site a host names, its pages in `language` (see pageLanguage). */
  async siteAt(host: string, language = 'en'): Promise<SiteAt> {
    const site = await this.sites.resolve(host);
    const base = site ? siteBaseUrl(site, this.config.publicUrl) : this.config.publicUrl;
    const master = site?.kind === 'brand' && site.masterSiteId ? await this.sites.byId(site.masterSiteId) : undefined;
    const t = await this.labels.translator(language);
    return { site, base, searchBase: master ? siteBaseUrl(master, this.config.publicUrl) : base, name: site?.name ?? 'Porchlight', lang: language, t };
  }

  /** The page of a browser route; `query` is the request's query string (only `page` is read). */
  async render(at: SiteAt, path: string, query: URLSearchParams): Promise<Rendered> {
    if (path === '/') return this.home(at);
    const listing = /^\/listing\/([^/]+)\/?$/.exec(path);
    if (listing) {
      let pdid: string;
      try {
        pdid = decodeURIComponent(listing[1]!);
      } catch {
        return { kind: 'app', status: 404 };
      }
      return this.listing(at, pdid);
    }
    const area = parseAreaPath(path);
    if (area) return this.area(at, area, query);
    if (path.startsWith('/homes-for-sale/')) return this.notFound(at, path);
    const agentKey = parseAgentPath(path);
    if (agentKey) return this.agent(at, agentKey, path);
    if (path === TEAM_PATH || path === `${TEAM_PATH}/`) return this.team(at);
    if (path.startsWith('/agents/')) return this.notFound(at, path);
    for (const extra of this.extraPages) {
      const p = await extra(at, path);
      if (p) return this.page(at, p.status, p.head, path, p.crumbs, p.main, null);
    }
    return { kind: 'app', status: 200 };
  }

  // ---- listing pages ------------------------------------------------------------------------

  private async listing(at: SiteAt, pdid: string): Promise<Rendered> {
    if (pdid.length > 200) return this.notFound(at, listingPath(pdid));
    const events = await this.store.readStream(listingStream(pdid));
    const l = listingDetails(events, Date.now());
    if (!l) {
      const state = foldListing(events);
      // Hidden by the MLS (InternetEntireListingDisplayYN false) or never known: 404; removed by the feed: 410.
      if (state.listed || !state.removed) return this.notFound(at, listingPath(pdid));
      return this.gone(at, pdid, lastCity(events));
    }
    const state = foldListing(events);
    const [agent, [disclaimer]] = await Promise.all([
      this.listingAgent(at, pdid, state.listed ? state.record.ListAgentMlsId : null),
      this.disclaimers.forPdids([pdid]),
    ]);
    const url = `${at.searchBase}${listingPath(pdid)}`;
    const name = listingName(l);
    const sold = l.status === 'Closed';
    const price = priceText(l.price, l.forRent);
    const t = at.t;
    const facts = factsLine(l, t);
    const images = l.photos.map((p) => absolute(at.base, p));
    const title = `${sold ? 'Sold: ' : ''}${name} | ${price} | ${at.name}`;
    const description = shortText(
      [`${sold ? 'Sold' : l.forRent ? 'For rent' : 'For sale'}: ${l.propertyType ?? 'home'} at ${name}, ${price}.`, facts ? `${facts}.` : '', l.remarks ?? '']
        .filter(Boolean)
        .join(' '),
    );
    const crumbs = this.listingCrumbs(l, name, t);
    const courtesy = courtesyWho(l.listOfficeName, l.listAgentName);
    const main = html`<article class="ssr-listing">
<h1>${l.address ? name : html`${t('pages.listing.noAddress', 'Address not disclosed')} <span>${listingName({ ...l, address: null }).replace(/^Home in /, '')}</span>`}</h1>
<p class="ssr-price">${price} <span class="ssr-status">${statusText(l.status, l.forRent, t)}</span></p>
${facts ? html`<p class="ssr-facts">${facts}</p>` : ''}
<dl class="ssr-dl">${[
      [t('pages.listing.type', 'Type'), l.propertyType],
      [t('pages.listing.mlsid', 'MLS #'), l.mlsid],
      [t('pages.listing.county', 'County'), l.county ? t('pages.county', '{county} County', { county: l.county }) : null],
      [t('pages.listing.listed', 'Listed'), l.listDate],
      [t('pages.listing.sold', 'Sold'), sold ? l.closeDate : null],
    ]
      .filter(([, v]) => v)
      .map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
${l.remarks ? html`<h2>${t('pages.listing.description', 'Description')}</h2><p class="ssr-remarks">${l.remarks}</p>` : ''}
${l.photos.length > 0 ? html`<h2>${t('listing.photos', 'Photos')}</h2><ul class="ssr-photos">${l.photos.slice(0, 12).map((src, i) => html`<li><img src="${src}" alt="${`${name}, photo ${i + 1} of ${l.photos.length}`}" width="640" height="427" ${i === 0 ? '' : html`loading="lazy"`} decoding="async" /></li>`)}</ul>` : ''}
${courtesy ? html`<p class="ssr-courtesy">${t('pages.listing.courtesy', 'Listing courtesy of {who}', { who: courtesy })}</p>` : ''}
${agent ? html`<p>${t('pages.listing.agent', 'Listing agent:')} <a href="${agentPath(agent)}">${fullName(agent)}</a></p>` : ''}
${l.city ? html`<p><a href="${areaPath('city', l.city)}">${t('pages.listing.moreIn', 'More homes for sale in {city}', { city: l.city })}</a></p>` : ''}
</article>`;
    const head: PageHead = {
      title,
      description,
      canonical: url,
      image: images[0] ?? null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [
        realEstateListing(l, { url, name, description: l.remarks ?? description, images: images.slice(0, 12) }),
        breadcrumbList(crumbs.map((c) => ({ name: c.name, url: `${at.searchBase}${c.path}` }))),
      ],
    };
    return this.page(at, 200, head, listingPath(pdid), crumbs, main, disclaimer ? html`<p>${disclaimer.text}</p>` : null);
  }

  /**
   * Whose listing it is, when we know: the agent the site's office linked it to, else the one
   * agent whose MLS id the feed names as ListAgentMlsId.
   */
  private async listingAgent(at: Pick<SiteAt, 'site'>, pdid: string, agentMlsId: string | null): Promise<AgentPage | undefined> {
    const linked = at.site && at.site.kind !== 'agent' ? await linkedListingAgent(this.pool, at.site.ownerUserId, pdid) : undefined;
    const byLink = linked ? await agentPageById(this.pool, linked) : undefined;
    return byLink ?? (agentMlsId ? agentPageByMlsId(this.pool, agentMlsId) : undefined);
  }

  /** The listing agent's page of a listing shown publicly, as the app links it. */
  async listingAgentLink(site: ResolvedSite | undefined, pdid: string): Promise<ListingAgentLink | undefined> {
    if (pdid.length > 200) return undefined;
    const state = foldListing(await this.store.readStream(listingStream(pdid)));
    if (!state.listed || state.record.InternetEntireListingDisplayYN === false) return undefined;
    const a = await this.listingAgent({ site }, pdid, state.record.ListAgentMlsId);
    return a ? { name: fullName(a), path: agentPath(a) } : undefined;
  }

  private listingCrumbs(l: ListingDetailsView, name: string, t: Translate): Crumb[] {
    const crumbs: Crumb[] = [{ name: t('pages.crumb.home', 'Home'), path: '/' }];
    if (l.county) crumbs.push({ name: t('pages.county', '{county} County', { county: l.county }), path: areaPath('county', l.county) });
    if (l.city) crumbs.push({ name: l.city, path: areaPath('city', l.city) });
    if (l.zip && /^\d{5}/.test(l.zip)) crumbs.push({ name: l.zip.slice(0, 5), path: areaPath('zip', l.zip.slice(0, 5)) });
    crumbs.push({ name: l.address ?? name, path: listingPath(l.pdid) });
    return crumbs;
  }

  /** 410: the feed removed the listing; the page says so and leads to homes like it. */
  private gone(at: SiteAt, pdid: string, city: string | null): Rendered {
    const similar = city ? areaPath('city', city) : '/search';
    const t = at.t;
    const main = html`<h1>${t('pages.gone.title', 'This home is no longer listed')}</h1>
<p>${t('pages.gone.text', 'The listing was removed from the MLS feed.')}</p>
<p><a href="${similar}">${city ? t('pages.gone.similarIn', 'See similar homes for sale in {city}', { city }) : t('pages.gone.similar', 'Search similar homes')}</a></p>`;
    const head: PageHead = {
      title: `Listing removed | ${at.name}`,
      description: 'This listing was removed from the MLS feed. Search similar homes for sale.',
      canonical: `${at.base}${listingPath(pdid)}`,
      image: null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [],
      robots: 'noindex, follow',
    };
    return this.page(at, 410, head, listingPath(pdid), [], main, null);
  }

  private notFound(at: SiteAt, path: string): Rendered {
    const main = html`<h1>${at.t('notFound.title', 'Page not found')}</h1><p><a href="/search">${at.t('pages.searchForSale', 'Search homes for sale')}</a></p>`;
    const head: PageHead = {
      title: `Page not found | ${at.name}`,
      description: 'This page does not exist.',
      canonical: `${at.base}${path}`,
      image: null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [],
      robots: 'noindex',
    };
    return this.page(at, 404, head, path, [], main, null);
  }

  // ---- search landing pages -------------------------------------------------------------------

  /** An area's page as the app shows it (the place, its market, the first page of its homes), or undefined. */
  async areaView(ref: { kind: AreaKind; slug: string }): Promise<AreaView | undefined> {
    const area = await this.areaOf(ref);
    if (!area) return undefined;
    const found = await this.index.page(parseSearchRequest(area.criteria, 'list').criteria, { offset: 0, limit: PER_PAGE });
    return { ...area, total: found.total, listings: found.listings.map(toCard) };
  }

  /** The place an area address names (by its slug), or undefined. */
  private async areaOf(ref: { kind: AreaKind; slug: string }): Promise<Omit<AreaView, 'total' | 'listings'> | undefined> {
    const list = await this.areaList(ref.kind);
    const found = ref.kind === 'zip' ? list.find((a) => a.name === ref.slug) : list.find((a) => slugOf(a.name) === ref.slug);
    if (!found) return undefined;
    const field = ref.kind === 'city' ? 'acl_city' : ref.kind === 'county' ? 'acl_county' : 'acl_zip5';
    const market = await areaMarket(this.pool, ref.kind, found.name, new Date().toISOString().slice(0, 10));
    return { kind: ref.kind, label: found.label, criteria: { [field]: found.label }, market };
  }

  /** Every area of a kind with a searchable listing (kept 30 s: autocomplete's names change with imports only). */
  areaList(kind: AreaKind): Promise<Area[]> {
    const hit = this.areas.get(kind);
    if (hit && Date.now() - hit.at < AREAS_TTL_MS) return hit.list;
    const list = areasOf(this.pool, kind);
    this.areas.set(kind, { at: Date.now(), list });
    list.catch(() => this.areas.delete(kind));
    return list;
  }

  private async area(at: SiteAt, ref: { kind: AreaKind; slug: string }, query: URLSearchParams): Promise<Rendered> {
    const area = await this.areaOf(ref);
    if (!area) return this.notFound(at, `/homes-for-sale/${ref.slug}`);
    const path = areaPath(area.kind, area.label);
    const pageText = query.get('page');
    const page = pageText !== null && /^[1-9]\d{0,4}$/.test(pageText) ? Number(pageText) : pageText === null ? 1 : 0;
    if (page === 0) return { kind: 'redirect', status: 301, location: path };
    const request = parseSearchRequest(area.criteria, 'list');
    const found = await this.index.page(request.criteria, { offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
    const pages = Math.max(1, Math.ceil(found.total / PER_PAGE));
    if (page > pages) return this.notFound(at, path);
    const cards = found.listings.map(toCard);
    const t = at.t;
    const place = area.kind === 'county' ? t('pages.county', '{county} County', { county: area.label }) : area.label;
    const heading = t('pages.area.heading', 'Homes for sale in {place}', { place });
    const url = `${at.searchBase}${path}${page > 1 ? `?page=${page}` : ''}`;
    const title = `${heading}${page > 1 ? ` (${t('pages.area.page', 'page {page}', { page })})` : ''} | ${at.name}`;
    const description = `${found.total.toLocaleString('en-US')} ${found.total === 1 ? 'home' : 'homes'} for sale in ${place}: photos, prices and details of every listing, updated from the MLS.`;
    const crumbs: Crumb[] = [
      { name: t('pages.crumb.home', 'Home'), path: '/' },
      { name: heading, path },
    ];
    const searchLink = `/search?${new URLSearchParams(area.criteria).toString()}`;
    const guides = (await Promise.all(this.siteLinks.map((l) => l.ofArea(at.site, { kind: area.kind, label: area.label })))).flat();
    const main = html`<h1>${heading}</h1>
<p>${pluralCategory(found.total, at.lang) === 'one' ? t('pages.area.one', '{count} home for sale.', { count: found.total }) : t('pages.area.count', '{count} homes for sale.', { count: found.total })} <a href="${searchLink}">${t('pages.area.search', 'Search {place} with filters and a map', { place })}</a></p>
${page === 1 ? renderMarket(place, area.market, t) : ''}
${guides.length > 0 ? html`<section aria-labelledby="area-guides"><h2 id="area-guides">${t('pages.area.guides', 'Guides to {place}', { place })}</h2><ul>${guides.map((g) => html`<li><a href="${g.path}">${g.title}</a></li>`)}</ul></section>` : ''}
${cards.length === 0 ? html`<p>${t('pages.area.none', 'No homes for sale in {place} right now.', { place })} <a href="${`${searchLink}&soldproperty=1`}">${t('pages.area.sold', 'See sold homes')}</a></p>` : renderCards(cards, t)}
${renderPager(path, page, pages, t)}`;
    const head: PageHead = {
      title,
      description,
      canonical: url,
      image: cards[0]?.photos[0] ? absolute(at.base, cards[0].photos[0]) : null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [
        breadcrumbList(crumbs.map((c) => ({ name: c.name, url: `${at.searchBase}${c.path}` }))),
        itemList(
          url,
          heading,
          cards.map((c) => ({ url: `${at.searchBase}${listingPath(c.pdid)}`, name: listingName(c) })),
        ),
      ],
    };
    return this.page(at, 200, head, path, crumbs, main, await this.footerOf(cards));
  }

  // ---- agents ---------------------------------------------------------------------------------

  /** An agent's page as the app shows it, or undefined. */
  async agentView(key: string): Promise<AgentPageView | undefined> {
    const a = await agentPageByKey(this.pool, key);
    if (!a) return undefined;
    const { linked, mlsIds } = await listingAgentsIn(this.pool, { role: 'agent', userId: a.userId });
    const pdids = await activeListingsOf(this.pool, { pdids: [...linked.keys()], listAgentMlsIds: [...mlsIds.keys()] }, AGENT_LISTINGS);
    const listings = (await this.index.listings(pdids)).map(toCard);
    return {
      name: fullName(a),
      role: a.level === 15 ? 'Broker' : 'Agent',
      photo: a.photo,
      bio: a.bio,
      email: a.email,
      phone: a.cellPhone ? formatPhone(a.cellPhone) : null,
      path: agentPath(a),
      listings,
    };
  }

  private async agent(at: SiteAt, key: string, path: string): Promise<Rendered> {
    const a = await this.agentView(key);
    if (!a) return this.notFound(at, path);
    if (path.replace(/\/$/, '') !== a.path) return { kind: 'redirect', status: 301, location: a.path };
    const url = `${at.base}${a.path}`;
    const photo = a.photo ? absolute(at.base, a.photo) : null;
    const t = at.t;
    const crumbs: Crumb[] = [
      { name: t('pages.crumb.home', 'Home'), path: '/' },
      { name: a.name, path: a.path },
    ];
    const main = html`<article class="ssr-agent">
${a.photo ? html`<img class="ssr-agent-photo" src="${a.photo}" alt="${a.name}" width="160" height="160" />` : ''}
<h1>${a.name}</h1>
<p>${a.role === 'Broker' ? t('pages.agent.broker', 'Broker, {site}', { site: at.name }) : t('pages.agent.agent', 'Agent, {site}', { site: at.name })}</p>
${a.bio ? html`<p class="ssr-remarks">${a.bio}</p>` : ''}
<h2>${t('pages.agent.contact', 'Contact')}</h2>
<ul><li>${t('pages.agent.email', 'E-mail:')} <a href="${`mailto:${a.email}`}">${a.email}</a></li>${a.phone ? html`<li>${t('pages.agent.phone', 'Phone:')} <a href="${`tel:${a.phone}`}">${a.phone}</a></li>` : ''}</ul>
<h2>${t('pages.agent.listings', 'Active listings')}</h2>
${a.listings.length === 0 ? html`<p>${t('pages.agent.noListings', 'No active listings right now.')}</p>` : renderCards(a.listings, t)}
</article>`;
    const head: PageHead = {
      title: `${a.name}, ${a.role === 'Broker' ? 'Real Estate Broker' : 'Real Estate Agent'} | ${at.name}`,
      description: shortText(a.bio ? `${a.name}: ${a.bio}` : `${a.name}, ${a.role.toLowerCase()} at ${at.name}. ${a.listings.length} active listings.`),
      canonical: url,
      image: photo,
      ogType: 'profile',
      siteName: at.name,
      jsonLd: [
        realEstateAgent({ url, name: a.name, image: photo, description: a.bio || null, email: a.email, telephone: a.phone, worksFor: at.name }),
        breadcrumbList(crumbs.map((c) => ({ name: c.name, url: `${at.base}${c.path}` }))),
      ],
    };
    return this.page(at, 200, head, a.path, crumbs, main, await this.footerOf(a.listings));
  }

  /** The site's team as its page lists it: the broker first, then the office's agents by name. */
  async teamOf(site: ResolvedSite | undefined): Promise<TeamMember[]> {
    return (await this.agentsOfSite(site)).map((a) => ({
      name: fullName(a),
      role: a.level === 15 ? 'Broker' : 'Agent',
      photo: a.photo,
      email: a.email,
      phone: a.cellPhone ? formatPhone(a.cellPhone) : null,
      path: agentPath(a),
    }));
  }

  /** /agents: the site's team, each linked to their page. */
  private async team(at: SiteAt): Promise<Rendered> {
    const team = await this.teamOf(at.site);
    const t = at.t;
    const heading = t('header.agents', 'Our agents');
    const crumbs: Crumb[] = [
      { name: t('pages.crumb.home', 'Home'), path: '/' },
      { name: heading, path: TEAM_PATH },
    ];
    const main = html`<h1>${heading}</h1>
${
  team.length === 0
    ? html`<p>${t('pages.team.none', 'No agents are listed on this site yet.')}</p>`
    : html`<ul class="ssr-team">${team.map(
        (m) =>
          html`<li>${m.photo ? html`<img src="${m.photo}" alt="" width="96" height="96" loading="lazy" decoding="async" />` : ''}<a href="${m.path}">${m.name}</a> <span>${m.role === 'Broker' ? t('pages.role.broker', 'Broker') : t('pages.role.agent', 'Agent')}</span>${
            m.phone ? html` <a href="${`tel:${m.phone}`}">${m.phone}</a>` : ''
          }</li>`,
      )}</ul>`
}`;
    const url = `${at.base}${TEAM_PATH}`;
    const head: PageHead = {
      title: `${heading} | ${at.name}`,
      description: shortText(team.length ? `Meet the agents of ${at.name}: ${team.map((m) => m.name).join(', ')}.` : `The agents of ${at.name}.`),
      canonical: url,
      image: null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [breadcrumbList(crumbs.map((c) => ({ name: c.name, url: `${at.base}${c.path}` })))],
    };
    return this.page(at, 200, head, TEAM_PATH, crumbs, main, null);
  }

  /** The people whose pages a site's sitemap names: its owner and, on an office's site, the office. */
  agentsOfSite(site: ResolvedSite | undefined): Promise<AgentPage[]> {
    if (!site) return Promise.resolve([]);
    return agentPagesOf(this.pool, site.ownerUserId, site.kind !== 'agent');
  }

  // ---- the site root --------------------------------------------------------------------------

  private async home(at: SiteAt): Promise<Rendered> {
    const [cities, counties, zips, agents, newest, styles] = await Promise.all([
      this.areaList('city'),
      this.areaList('county'),
      this.areaList('zip'),
      this.agentsOfSite(at.site),
      this.index.page(parseSearchRequest({}, 'list').criteria, { offset: 0, limit: 12 }),
      at.site ? siteStylesOf(this.pool, at.site.siteId) : undefined,
    ]);
    const cards = newest.listings.map(toCard);
    const t = at.t;
    const links = (kind: AreaKind, list: readonly Area[], label: (a: Area) => string) =>
      html`<ul class="ssr-links">${list.slice(0, HOME_AREAS).map((a) => html`<li><a href="${areaPath(kind, a.name)}">${label(a)}</a></li>`)}</ul>`;
    const main = html`<h1>${t('pages.home.title', '{site}: homes for sale', { site: at.name })}</h1>
${styles ? renderHomeCover(styles.homecover, t) : ''}
<p><a href="/search">${t('pages.home.searchAll', 'Search every home for sale')}</a></p>
${cities.length > 0 ? html`<h2>${t('pages.home.byCity', 'Homes for sale by city')}</h2>${links('city', cities, (a) => t('pages.area.heading', 'Homes for sale in {place}', { place: a.label }))}` : ''}
${counties.length > 0 ? html`<h2>${t('pages.home.byCounty', 'By county')}</h2>${links('county', counties, (a) => t('pages.county', '{county} County', { county: a.label }))}` : ''}
${zips.length > 0 ? html`<h2>${t('pages.home.byZip', 'By zip code')}</h2>${links('zip', zips, (a) => a.label)}` : ''}
${cards.length > 0 ? html`<h2>${t('pages.home.newest', 'Newest listings')}</h2>${renderCards(cards, t)}` : ''}
${agents.length > 0 ? html`<h2>${t('header.agents', 'Our agents')}</h2><ul class="ssr-links">${agents.map((a) => html`<li><a href="${agentPath(a)}">${fullName(a)}</a></li>`)}</ul><p><a href="${TEAM_PATH}">${t('pages.home.team', 'Meet the whole team')}</a></p>` : ''}`;
    const head: PageHead = {
      title: `${at.name}: Homes for Sale and Real Estate`,
      description: `Search homes for sale${
        cities[0]
          ? ` in ${cities
              .slice(0, 3)
              .map((c) => c.label)
              .join(', ')} and nearby`
          : ''
      } with ${at.name}: photos, prices, open houses and sold homes, updated from the MLS.`,
      canonical: `${at.base}/`,
      image: null,
      ogType: 'website',
      siteName: at.name,
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: at.name, url: `${at.base}/` }],
    };
    return this.page(at, 200, head, '/', [], main, await this.footerOf(cards));
  }

  // ---- shared ---------------------------------------------------------------------------------

  /** The MLS disclaimers of the listings a page shows (their licences ask for them). */
  private async footerOf(cards: readonly Card[]): Promise<Html | null> {
    if (cards.length === 0) return null;
    const disclaimers = await this.disclaimers.forPdids(cards.map((c) => c.pdid));
    return html`${disclaimers.map((d) => html`<p>${d.text}</p>`)}`;
  }

  private page(at: SiteAt, status: number, head: PageHead, path: string, crumbs: readonly Crumb[], main: Html, footer: Html | null): Rendered {
    return { kind: 'page', status, lang: at.lang, head: renderHead(head), body: renderBody({ path, siteName: at.name, crumbs, main, footer, t: at.t }) };
  }
}

const fullName = (a: Pick<AgentPage, 'firstName' | 'lastName'>): string => `${a.firstName} ${a.lastName}`.trim();

/**
 * A photo address as an absolute URL, for link previews and JSON-LD (demo photos and uploads are
 * paths of the site); the page itself keeps the address as the app has it.
 */
const absolute = (base: string, src: string): string => (/^https?:\/\//i.test(src) ? src : `${base}${src.startsWith('/') ? '' : '/'}${src}`);

function statusText(status: string, forRent: boolean, t: Translate): string {
  if (status === 'Closed') return forRent ? t('pages.status.rented', 'Rented') : t('pages.status.sold', 'Sold');
  if (status === 'Active') return forRent ? t('pages.status.forRent', 'For rent') : t('pages.status.forSale', 'For sale');
  return status;
}

/** The city a removed listing was last in, from its events (the fold forgets a removed listing's record). */
function lastCity(events: readonly { type: string; data: unknown }[]): string | null {
  let city: string | null = null;
  for (const e of events) {
    const d = e.data as { listing?: { City?: string | null }; changes?: { City?: string | null } };
    if (e.type === 'ListingListed' && d.listing) city = d.listing.City ?? null;
    if (e.type === 'ListingDetailsChanged' && d.changes && 'City' in d.changes) city = d.changes.City ?? null;
  }
  return city;
}
