import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { handleCommand } from '../../src/commands/handle-command';
import type { Started } from '../../src/main';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { agentProfileStream, officeStream } from '../../src/modules/office';
import { officeDecider } from '../../src/modules/office/office';
import { agentProfileDecider } from '../../src/modules/office/agent-profile';
import { sitemapFileStarts } from '../../projections/search';
import { writeListingsSitemap } from '../../src/modules/public-pages/sitemaps';
import { demoUser, startDashboardServer } from '../support/dashboard-fixture';
import { home } from '../support/reso-home';
import { schemaProblems } from '../support/schema-org';
import { parseXml, type XmlElement } from '../support/xml-check';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const BASE = 'https://homes.example';
const HOSTILE = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single' <!-- c -->`;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** W3C Datetime as sitemaps.org allows it: a date, or a date and time with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

type Doc = ReturnType<InstanceType<InstanceType<typeof Window>['DOMParser']>['parseFromString']>;
type Page = { status: number; headers: Headers; text: string; doc: Doc; jsonLd: Record<string, any>[] };

/**
 * The public pages as a client without JavaScript gets them (plain HTTP against the running
 * product and its PostgreSQL): listing, landing, agent and root pages with their head tags and
 * JSON-LD checked against schema.org, 404 / 410 / sold 200, robots.txt and sitemaps per host,
 * hostile listing text kept as text, and no map for bots.
 */
describe('public pages for search engines (issue 17)', () => {
  let server: Started;
  let stop: () => Promise<void>;
  const janeKey = demoUser('agent').userId.replace(/-/g, '').slice(-12);

  const get = async (path: string, headers: Record<string, string> = {}): Promise<Page> => {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
    const text = await res.text();
    const doc = new new Window().DOMParser().parseFromString(text, 'text/html');
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, any>);
    return { status: res.status, headers: res.headers, text, doc, jsonLd };
  };
  const meta = (p: Page, key: string) => p.doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
  const canonical = (p: Page) => p.doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const ld = (p: Page, type: string) => p.jsonLd.find((d) => d['@type'] === type);
  const links = (p: Page) => [...p.doc.querySelectorAll('#ssr a')].map((a) => a.getAttribute('href'));

  beforeAll(async () => {
    ({ server, stop } = await startDashboardServer({ PUBLIC_URL: BASE, TRUST_PROXY: '1' }));
    const ctx = systemContext();
    await handleCommand(
      server.runtime.store,
      agentProfileStream(demoUser('agent').userId),
      agentProfileDecider,
      { kind: 'mlsId', agentId: demoUser('agent').userId, mlsId: 'JA1', by: 'broker', heldBy: null },
      ctx,
    );
    await handleCommand(
      server.runtime.store,
      agentProfileStream(demoUser('agent').userId),
      agentProfileDecider,
      { kind: 'bio', agentId: demoUser('agent').userId, bio: `Jane sells homes. ${HOSTILE}` },
      ctx,
    );
    await importListings(
      server.runtime.store,
      items([
        home('S1', {
          UnparsedAddress: '1 <b>Pine</b> St',
          PublicRemarks: `Bright home. ${HOSTILE}`,
          ListAgentMlsId: 'JA1',
          ListAgentFullName: 'Jane Agent',
          ListOfficeName: 'Demo Realty',
          ModificationTimestamp: '2024-05-02T10:00:00Z',
        }),
        home('S2', { StandardStatus: 'Closed', ClosePrice: 610_000, CloseDate: '2024-06-01', ModificationTimestamp: '2024-06-02T00:00:00Z' }),
        home('S3', { InternetEntireListingDisplayYN: false }),
        home('S4'),
        home('S5', { City: 'Bellevue', PostalCode: '98004', PropertySubType: 'Condominium', Latitude: 47.61, Longitude: -122.2 }),
        ...Array.from({ length: 30 }, (_, i) => home(`M${String(i).padStart(2, '0')}`, { ListPrice: 400_000 + i * 1000 })),
      ]),
      { mls: 'T', ctx },
    );
    // The office links the Bellevue condo (whose record names no agent's MLS id) to Alex.
    const broker = demoUser('broker').userId;
    const link = {
      kind: 'link-listing',
      officeId: broker,
      pdid: 'T-S5',
      agentId: demoUser('agent2').userId,
      by: { role: 'broker', userId: broker },
      mlsHolder: null,
    } as const;
    await handleCommand(server.runtime.store, officeStream(broker), officeDecider, link, ctx);
    await importListings(server.runtime.store, items([{ ListingKey: 'S4', StandardStatus: 'Delete', ModificationTimestamp: '2024-07-01T00:00:00Z' }]), {
      mls: 'T',
      ctx,
    });
    await server.runtime.runner.waitForCatchUp();
  }, 120_000);
  afterAll(async () => stop?.());

  it('a listing page is read without JavaScript: address in the title, one canonical whatever the query, Open Graph, Twitter card, JSON-LD', async () => {
    const p = await get('/listing/T-S1?utm_source=x&forceopen=2');
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toContain('text/html');
    expect(p.doc.title).toBe('1 <b>Pine</b> St, Seattle, WA 98101 | $500,000 | Demo Realty');
    expect(p.doc.querySelectorAll('title')).toHaveLength(1);
    expect(canonical(p)).toBe(`${BASE}/listing/T-S1`);
    expect(canonical(await get('/listing/T-S1'))).toBe(`${BASE}/listing/T-S1`);
    expect(meta(p, 'description')).toMatch(
      /^For sale: Single Family Residence at 1 <b>Pine<\/b> St, Seattle, WA 98101, \$500,000\. 3 bd · 2 ba · 1,500 sq ft\. Bright home\./,
    );
    expect(meta(p, 'og:title')).toBe(p.doc.title);
    expect(meta(p, 'og:url')).toBe(`${BASE}/listing/T-S1`);
    expect(meta(p, 'og:image')).toBe(`${BASE}/demo-photos/1.svg`);
    expect(meta(p, 'twitter:card')).toBe('summary_large_image');
    expect(meta(p, 'twitter:image')).toBe(`${BASE}/demo-photos/1.svg`);
    // The content itself: address, price, facts, description, photos, the attribution, the agent.
    const main = p.doc.querySelector('#ssr main')!;
    expect(main.querySelector('h1')?.textContent).toBe('1 <b>Pine</b> St, Seattle, WA 98101');
    expect(main.textContent).toContain('$500,000');
    expect(main.textContent).toContain('3 bd · 2 ba · 1,500 sq ft');
    expect(main.querySelectorAll('img')).toHaveLength(2);
    expect(main.querySelector('img')?.getAttribute('alt')).toBe('1 <b>Pine</b> St, Seattle, WA 98101, photo 1 of 2');
    expect(main.textContent).toContain('Listing courtesy of Jane Agent, Demo Realty');
    expect(links(p)).toContain(`/agents/jane-agent-${janeKey}`);
    // The app's root is there, hidden until the app has drawn the same page.
    expect(p.text).toContain('<div id="root" hidden></div>');
  });

  it("JSON-LD: RealEstateListing with its Offer and the home (type, address, geo), and the BreadcrumbList, all schema.org's", async () => {
    const p = await get('/listing/T-S1');
    expect(p.jsonLd.map((d) => d['@type'])).toEqual(['RealEstateListing', 'BreadcrumbList']);
    for (const d of p.jsonLd) {
      expect(d['@context']).toBe('https://schema.org');
      expect(schemaProblems(d)).toEqual([]);
    }
    const listing = ld(p, 'RealEstateListing')!;
    expect(listing).toMatchObject({
      url: `${BASE}/listing/T-S1`,
      name: '1 <b>Pine</b> St, Seattle, WA 98101',
      datePosted: '2024-05-01',
      image: [`${BASE}/demo-photos/1.svg`, `${BASE}/demo-photos/2.svg`],
      offers: { '@type': 'Offer', price: 500_000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      mainEntity: {
        '@type': 'SingleFamilyResidence',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 <b>Pine</b> St',
          addressLocality: 'Seattle',
          addressRegion: 'WA',
          postalCode: '98101',
          addressCountry: 'US',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 47.61, longitude: -122.33 },
        numberOfBedrooms: 3,
        numberOfBathroomsTotal: 2,
        floorSize: { '@type': 'QuantitativeValue', value: 1500, unitCode: 'FTK' },
      },
    });
    expect(listing.description).toBe(`Bright home. ${HOSTILE}`);
    const condoPage = await get('/listing/T-S5');
    const condo = ld(condoPage, 'RealEstateListing')!;
    expect(condo.mainEntity['@type']).toBe('Apartment');
    // Its agent is the one the office linked it to.
    expect(links(condoPage).filter((h) => h?.startsWith('/agents/'))).toEqual([`/agents/alex-agent-${demoUser('agent2').userId.replace(/-/g, '').slice(-12)}`]);
    // Breadcrumbs: Home › King County › Seattle › 98101 › the home, each a link of the page too.
    const crumbs = ld(p, 'BreadcrumbList')!.itemListElement as { position: number; name: string; item: string }[];
    expect(crumbs.map((c) => [c.position, c.name, c.item])).toEqual([
      [1, 'Home', `${BASE}/`],
      [2, 'King County', `${BASE}/homes-for-sale/county/king-county`],
      [3, 'Seattle', `${BASE}/homes-for-sale/seattle`],
      [4, '98101', `${BASE}/homes-for-sale/zip/98101`],
      [5, '1 <b>Pine</b> St', `${BASE}/listing/T-S1`],
    ]);
    const nav = [...p.doc.querySelectorAll('nav[aria-label="Breadcrumb"] a')].map((a) => a.getAttribute('href'));
    expect(nav).toEqual(['/', '/homes-for-sale/county/king-county', '/homes-for-sale/seattle', '/homes-for-sale/zip/98101']);
  });

  it('hostile listing and agent text stays text: no element, attribute or script comes of it', async () => {
    for (const path of ['/listing/T-S1', `/agents/jane-agent-${janeKey}`]) {
      const p = await get(path);
      expect(p.text).not.toContain('<script>alert(1)');
      expect(p.text).not.toContain('<img src=x');
      expect(p.text).not.toContain('<b>Pine');
      expect(p.doc.querySelectorAll('script:not([type="application/ld+json"]):not([type="module"])')).toHaveLength(0);
      expect(p.doc.querySelectorAll('img[onerror], b')).toHaveLength(0);
      // The JSON-LD blocks end where they should: their text never closes the element.
      for (const block of p.text.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [])
        expect(block.slice('<script type="application/ld+json">'.length, -'</script>'.length)).not.toMatch(/<\/?script|<!--/i);
      expect(p.doc.querySelector('#ssr .ssr-remarks')?.textContent).toContain(HOSTILE);
    }
  });

  it('a sold listing keeps its page (200, Sold, SoldOut); one the MLS hides is 404, an unknown one 404, one the feed removed 410 with a link to similar homes', async () => {
    const sold = await get('/listing/T-S2');
    expect(sold.status).toBe(200);
    expect(sold.doc.title).toMatch(/^Sold: /);
    expect(ld(sold, 'RealEstateListing')!.offers).toMatchObject({ price: 610_000, availability: 'https://schema.org/SoldOut' });
    expect((await get('/listing/T-S3')).status).toBe(404);
    expect((await get('/listing/T-NOPE')).status).toBe(404);
    const gone = await get('/listing/T-S4');
    expect(gone.status).toBe(410);
    expect(meta(gone, 'robots')).toBe('noindex, follow');
    const similar = gone.doc.querySelector('#ssr main a');
    expect(similar?.getAttribute('href')).toBe('/homes-for-sale/seattle');
    expect(similar?.textContent).toBe('See similar homes for sale in Seattle');
  });

  it('city, zip and county landing pages: "Homes for sale in …" with the listings, paged by links, canonical per page', async () => {
    const city = await get('/homes-for-sale/seattle');
    expect(city.status).toBe(200);
    expect(city.doc.title).toBe('Homes for sale in Seattle | Demo Realty');
    expect(city.doc.querySelector('h1')?.textContent).toBe('Homes for sale in Seattle');
    expect(canonical(city)).toBe(`${BASE}/homes-for-sale/seattle`);
    // S1 and 30 more are for sale in Seattle (not the sold, hidden or removed ones): 24 and 7.
    expect(city.doc.querySelectorAll('#ssr .ssr-card')).toHaveLength(24);
    expect(city.doc.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/homes-for-sale/seattle?page=2');
    const list = ld(city, 'ItemList')!;
    expect(schemaProblems(list)).toEqual([]);
    expect(list.numberOfItems).toBe(24);
    expect(schemaProblems(ld(city, 'BreadcrumbList'))).toEqual([]);
    const two = await get('/homes-for-sale/seattle?page=2&utm=1');
    expect(canonical(two)).toBe(`${BASE}/homes-for-sale/seattle?page=2`);
    expect(two.doc.querySelectorAll('#ssr .ssr-card')).toHaveLength(7);
    expect(two.doc.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/homes-for-sale/seattle');
    expect((await get('/homes-for-sale/seattle?page=3')).status).toBe(404);
    const zip = await get('/homes-for-sale/zip/98004');
    expect(zip.doc.querySelector('h1')?.textContent).toBe('Homes for sale in 98004');
    expect(links(zip)).toContain('/listing/T-S5');
    const county = await get('/homes-for-sale/county/king-county');
    expect(county.doc.querySelector('h1')?.textContent).toBe('Homes for sale in King County');
    expect((await get('/homes-for-sale/atlantis')).status).toBe(404);
    expect((await get('/homes-for-sale/zip/abc')).status).toBe(404);
  });

  it('the site root links every area, and the listings and agents, so that all are reachable by links', async () => {
    const root = await get('/');
    expect(root.status).toBe(200);
    expect(canonical(root)).toBe(`${BASE}/`);
    expect(root.doc.title).toBe('Demo Realty: Homes for Sale and Real Estate');
    const hrefs = links(root);
    for (const href of [
      '/homes-for-sale/seattle',
      '/homes-for-sale/bellevue',
      '/homes-for-sale/county/king-county',
      '/homes-for-sale/zip/98101',
      `/agents/jane-agent-${janeKey}`,
    ])
      expect(hrefs).toContain(href);
    expect(ld(root, 'WebSite')).toMatchObject({ name: 'Demo Realty', url: `${BASE}/` });
  });

  it("an agent's page: name, photo, bio, contact, active listings, RealEstateAgent; another name in the address moves to the page's own", async () => {
    const p = await get(`/agents/jane-agent-${janeKey}`);
    expect(p.status).toBe(200);
    expect(p.doc.title).toBe('Jane Agent, Real Estate Agent | Demo Realty');
    expect(p.doc.querySelector('#ssr h1')?.textContent).toBe('Jane Agent');
    expect(links(p)).toContain('mailto:agent@demo.test');
    expect(links(p)).toContain('/listing/T-S1');
    expect(links(p)).not.toContain('/listing/T-S2');
    const agent = ld(p, 'RealEstateAgent')!;
    expect(schemaProblems(agent)).toEqual([]);
    expect(agent).toMatchObject({ name: 'Jane Agent', email: 'agent@demo.test', url: `${BASE}/agents/jane-agent-${janeKey}` });
    expect(agent.description).toContain(HOSTILE);
    const moved = await get(`/agents/someone-else-${janeKey}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/agents/jane-agent-${janeKey}`);
    expect((await get('/agents/nobody-0123456789ab')).status).toBe(404);
    // The app reads the same page.
    const api = (await (await fetch(`${server.url}/api/pages/agents/${janeKey}`)).json()) as { name: string; listings: { pdid: string }[] };
    expect(api.name).toBe('Jane Agent');
    expect(api.listings.map((l) => l.pdid)).toEqual(['T-S1']);
    const agentOf = async (pdid: string) => ((await (await fetch(`${server.url}/api/pages/listings/${pdid}/agent`)).json()) as { agent: unknown }).agent;
    expect(await agentOf('T-S1')).toEqual({ name: 'Jane Agent', path: `/agents/jane-agent-${janeKey}` });
    expect(await agentOf('T-S2')).toBeNull();
    expect(await agentOf('T-NOPE')).toBeNull();
  });

  it('robots.txt and the sitemaps are per host: no map for bots, a sitemap index, files of listings, areas and pages', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /search/map');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    const janes = await (await fetch(`${server.url}/robots.txt`, { headers: { 'x-forwarded-host': 'jane.homes.example' } })).text();
    expect(janes).toContain('Sitemap: https://jane.homes.example/sitemap.xml');

    const xml = async (url: string, host?: string): Promise<XmlElement> => {
      const res = await fetch(url.replace(/^https:\/\/[^/]+/, server.url), { headers: host ? { 'x-forwarded-host': host } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      return parseXml(await res.text());
    };
    const index = await xml(`${server.url}/sitemap.xml`);
    expect(index.name).toBe('sitemapindex');
    expect(index.attrs.xmlns).toBe(NS);
    const files = index.children.map((s) => {
      expect(s.name).toBe('sitemap');
      expect(s.children.map((c) => c.name)).toEqual(['loc']);
      return s.children[0]!.text;
    });
    expect(files).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/areas-1.xml`, `${BASE}/sitemaps/listings-1.xml`]);
    const urls: { loc: string; lastmod?: string }[] = [];
    for (const f of files) {
      const set = await xml(f);
      expect(set.name).toBe('urlset');
      expect(set.attrs.xmlns).toBe(NS);
      expect(set.children.length).toBeLessThanOrEqual(50_000);
      for (const u of set.children) {
        expect(u.name).toBe('url');
        const names = u.children.map((c) => c.name);
        expect(names[0]).toBe('loc');
        expect(names.every((n) => ['loc', 'lastmod', 'changefreq', 'priority'].includes(n))).toBe(true);
        const lastmod = u.children.find((c) => c.name === 'lastmod')?.text;
        if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME);
        const loc = u.children[0]!.text;
        expect(loc.length).toBeLessThan(2048);
        expect(new URL(loc).origin).toBe(BASE);
        urls.push({ loc, lastmod });
      }
    }
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/agents/jane-agent-${janeKey}`);
    expect(locs).toContain(`${BASE}/homes-for-sale/seattle`);
    expect(locs).toContain(`${BASE}/homes-for-sale/zip/98004`);
    expect(locs).toContain(`${BASE}/homes-for-sale/county/king-county`);
    // Listings: for sale and sold, with lastmod from the listing's modification time; not hidden or removed ones.
    expect(urls.find((u) => u.loc === `${BASE}/listing/T-S1`)?.lastmod).toBe('2024-05-02T10:00:00.000Z');
    expect(locs).toContain(`${BASE}/listing/T-S2`);
    expect(locs).not.toContain(`${BASE}/listing/T-S3`);
    expect(locs).not.toContain(`${BASE}/listing/T-S4`);
    expect(locs.filter((l) => l.includes('/listing/'))).toHaveLength(33);
    // Another host: its own addresses, and its own people (Jane's site: Jane alone).
    const jane = await xml(`${server.url}/sitemaps/pages.xml`, 'jane.homes.example');
    // Market reports (/market/…) are the site's pages too: their own spec checks them.
    expect(jane.children.map((u) => u.children[0]!.text).filter((u) => !u.includes('/market/'))).toEqual([
      'https://jane.homes.example/',
      `https://jane.homes.example/agents/jane-agent-${janeKey}`,
    ]);
    expect((await fetch(`${server.url}/sitemaps/listings-2.xml`)).status).toBe(404);
  });

  it("a branded site's listing and area pages are canonical on its master site, whose search they are; its sitemaps name only its own pages", async () => {
    const brand = { 'x-forwarded-host': 'brand.homes.example' };
    const listing = await get('/listing/T-S1', brand);
    expect(listing.status).toBe(200);
    expect(canonical(listing)).toBe(`${BASE}/listing/T-S1`);
    expect(listing.doc.title).toMatch(/\| Brand Homes$/);
    expect(canonical(await get('/homes-for-sale/seattle', brand))).toBe(`${BASE}/homes-for-sale/seattle`);
    expect(canonical(await get('/', brand))).toBe('https://brand.homes.example/');
    const index = parseXml(await (await fetch(`${server.url}/sitemap.xml`, { headers: brand })).text());
    expect(index.children.map((s) => s.children[0]!.text)).toEqual(['https://brand.homes.example/sitemaps/pages.xml']);
    expect((await fetch(`${server.url}/sitemaps/listings-1.xml`, { headers: brand })).status).toBe(404);
    expect((await fetch(`${server.url}/sitemaps/areas-1.xml`, { headers: brand })).status).toBe(404);
  });

  it('listings sitemaps split into files of at most the limit, together naming every listing once', async () => {
    const pool = server.runtime.db.pool;
    const starts = await sitemapFileStarts(pool, 7);
    expect(starts).toHaveLength(5); // 33 listings with a page: 7 + 7 + 7 + 7 + 5
    const seen: string[] = [];
    for (let f = 1; f <= starts.length; f++) {
      let out = '';
      expect(await writeListingsSitemap(pool, BASE, f, (c) => (out += c), 7)).toBe(true);
      const set = parseXml(out);
      expect(set.children.length).toBeLessThanOrEqual(7);
      seen.push(...set.children.map((u) => u.children[0]!.text));
    }
    expect(seen).toHaveLength(33);
    expect(new Set(seen).size).toBe(33);
    expect(await writeListingsSitemap(pool, BASE, 6, () => undefined, 7)).toBe(false);
  });

  it('bots get no map: the map and split views send them to the list; people get the app', async () => {
    const bot = await get('/search/map?acl_city=Seattle', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.status).toBe(302);
    expect(bot.headers.get('location')).toBe('/search?acl_city=Seattle');
    const typed = await get('/search?type=split&acl_city=Seattle', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' });
    expect(typed.headers.get('location')).toBe('/search?acl_city=Seattle');
    const person = await get('/search/map?acl_city=Seattle', {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    });
    expect(person.status).toBe(200);
    expect(person.text).toContain('<div id="root"></div>');
  });

  it('the pages keep the strict policy: JSON-LD is a data block, no inline script needs allowing', async () => {
    const p = await get('/listing/T-S1');
    expect(p.headers.get('content-security-policy')).toContain("script-src 'self';");
    const scripts = [...p.doc.querySelectorAll('script')];
    expect(
      scripts.every(
        (s) => s.getAttribute('type') === 'application/ld+json' || (s.getAttribute('type') === 'module' && s.getAttribute('src')?.startsWith('/assets/')),
      ),
    ).toBe(true);
  });
});
