import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../../config/config';
import { type RateLimit } from '../../http/rate-limiter';
import { AppError, HTTP_STATUS } from '../../shared/errors';
import type { AddressLimiter } from '../accounts';
import { requestHostHeader } from '../sites';
import { isBot } from './bots';
import { pageLanguage } from './page-language';
import type { PublicPages, Rendered } from './public-pages';
import { areasSitemap, pagesSitemap, robotsTxt, sitemapIndex, type SitemapPages, writeListingsSitemap } from './sitemaps';
import type pg from 'pg';

/** A sitemap file walks up to 50,000 listings: enough for any crawler, not for a flood. */
export const SITEMAP_FILES_PER_ADDRESS: RateLimit = {
  name: 'sitemaps',
  limit: 120,
  windowSeconds: 60,
  message: 'Too many sitemap requests; please try again in a minute',
};

const FILE_CACHE = 'public, max-age=600';

/**
 * /robots.txt, /sitemap.xml (a sitemap index) and /sitemaps/{pages,areas-N,listings-N}.xml of
 * the site the request's host names; before the web app's files and pages, which would
 * otherwise answer them with index.html.
 */
export function seoFiles(pages: PublicPages, limiter: AddressLimiter, pool: pg.Pool, config: Pick<Config, 'trustProxy'>) {
  const sitemapPages = async (at: Awaited<ReturnType<PublicPages['siteAt']>>): Promise<SitemapPages> => {
    const [agents, more] = await Promise.all([pages.agentsOfSite(at.site), pages.linksOfSite(at.site)]);
    if (at.searchBase !== at.base) return { agents, areas: [], listings: false, more };
    const [cities, counties, zips] = await Promise.all([pages.areaList('city'), pages.areaList('county'), pages.areaList('zip')]);
    return { agents, areas: [...cities, ...counties, ...zips], listings: true, more };
  };
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const p = req.path;
    const file = /^\/sitemaps\/(pages|areas-(\d{1,4})|listings-(\d{1,4}))\.xml$/.exec(p);
    if (p !== '/robots.txt' && p !== '/sitemap.xml' && !file) return next();
    try {
      const at = await pages.siteAt(requestHostHeader(req.headers, config.trustProxy));
      res.setHeader('Cache-Control', FILE_CACHE);
      if (p === '/robots.txt') {
        res.type('text/plain; charset=utf-8').send(robotsTxt(at.base));
        return;
      }
      res.type('application/xml; charset=utf-8');
      if (p === '/sitemap.xml') {
        res.send(await sitemapIndex(pool, at.base, await sitemapPages(at)));
        return;
      }
      if (file![1] === 'pages') {
        res.send(pagesSitemap(at.base, await sitemapPages(at)));
        return;
      }
      if (file![2]) {
        const xml = areasSitemap(at.base, (await sitemapPages(at)).areas, Number(file![2]));
        if (xml === undefined) return void notFoundXml(res);
        res.send(xml);
        return;
      }
      await limiter.enforce(SITEMAP_FILES_PER_ADDRESS, req);
      const n = Number(file![3]);
      const written = n >= 1 && at.searchBase === at.base && (await writeListingsSitemap(pool, at.base, n, (chunk) => res.write(chunk)));
      if (!written) return void notFoundXml(res);
      res.end();
    } catch (err) {
      if (err instanceof AppError && !res.headersSent) {
        res.status(HTTP_STATUS[err.code]).type('application/json').setHeader('Cache-Control', 'no-store');
        res.send(JSON.stringify({ message: err.message }));
        return;
      }
      next(err);
    }
  };
}

function notFoundXml(res: Response): void {
  res.status(404).setHeader('Cache-Control', 'no-store');
  res.send('<?xml version="1.0" encoding="UTF-8"?>\n<error>No such sitemap</error>\n');
}

/**
 * The page of a browser route as the web app's index.html serves it (see serveWebApp). Bots are
 * sent from the map and split views to the list: search screens are for visitors, and bots do
 * not get the map (spec section 6).
 */
export function pageRenderer(pages: PublicPages, config: Pick<Config, 'trustProxy'>) {
  return async (req: Request): Promise<Rendered> => {
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    if (/^\/search\/(map|split)\/?$/.test(req.path) || (req.path.replace(/\/$/, '') === '/search' && /^(map|split)$/.test(query.get('type') ?? ''))) {
      if (!isBot(req.get('user-agent'))) return { kind: 'app', status: 200 };
      query.delete('type');
      const qs = query.toString();
      return { kind: 'redirect', status: 302, location: `/search${qs ? `?${qs}` : ''}` };
    }
    return pages.render(await pages.siteAt(requestHostHeader(req.headers, config.trustProxy), pageLanguage(query, req.headers.cookie)), req.path, query);
  };
}
