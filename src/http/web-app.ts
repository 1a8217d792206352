import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isAppPath, LISTING_PAGE, routePath } from '../contract/browser-routes';
import { precompressedAssets } from './precompressed-assets';

const API_PREFIXES = ['/api/', '/ajax/', '/health', '/metrics', '/socket.io/', '/demo-photos/', '/uploads/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What a browser route answers: the app alone with a status (404 for a listing no one may see),
 * the app with a server-rendered page (its head tags, and its body before the app's root, for
 * clients without JavaScript), or a redirect.
 */
export type RoutePage =
  | { readonly kind: 'app'; readonly status: number }
  | { readonly kind: 'page'; readonly status: number; readonly lang?: string; readonly head: { toString(): string }; readonly body: { toString(): string } }
  | { readonly kind: 'redirect'; readonly status: 301 | 302; readonly location: string };

export type RoutePages = (req: Request) => Promise<RoutePage>;

/**
 * index.html with a server-rendered page in it: the page's title and description replace the
 * app's, its other head tags follow, <html lang> is the page's language, and its body goes before the app's root, which stays
 * hidden until the app has drawn the same page (web/src/app/serverPage.ts) and removes it.
 */
export function withServerPage(index: string, head: string, body: string, lang = 'en'): string {
  return index
    .replace(/<html([^>]*?)\slang="[^"]*"/, '<html$1')
    .replace('<html', `<html lang="${lang.replace(/[^a-z-]/gi, '')}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${head}\n</head>`)
    .replace('<div id="root"></div>', `${body}<div id="root" hidden></div>`);
}

/**
 * Serves the built React app from the same origin: hashed assets with long caching (their .br or
 * .gz written by the build when the browser takes it), and index.html for every other browser
 * route so that client-side routes survive a reload, with what `pages` makes of the route: the
 * app alone with 200 for the app's own routes, and with 404 for a path that is no page, where
 * the app draws its not-found page.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string, pages?: RoutePages): void {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return;
  // A listing's page has an entry of its own, the listing page in its first load (web/vite.config.mts).
  const listing = fs.existsSync(path.join(distDir, 'listing.html')) ? path.join(distDir, 'listing.html') : index;
  const indexOf = (req: Request) => (LISTING_PAGE.test(routePath(req.path)) ? listing : index);
  const isApi = (req: Request) => API_PREFIXES.some((p) => req.path === p.replace(/\/$/, '') || req.path.startsWith(p));
  const files = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      res.locals.route = '(static)';
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Vary', 'Accept-Encoding');
      }
    },
  });
  const compressed = precompressedAssets(path.join(distDir, 'assets'), IMMUTABLE);
  // API requests never look on disk: a file-system stat per search request cost 7% of the server's CPU.
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : compressed(req, res, () => files(req, res, next))));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApi(req)) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.locals.route = '(page)';
    const appStatus = (status: number) => (status === 200 && !isAppPath(req.path) ? 404 : status);
    const shell = indexOf(req);
    if (!pages) return res.status(appStatus(200)).sendFile(shell);
    pages(req)
      .then(async (page) => {
        if (page.kind === 'redirect') return res.redirect(page.status, page.location);
        if (page.kind === 'app') return res.status(appStatus(page.status)).sendFile(shell);
        const html = withServerPage(await fs.promises.readFile(shell, 'utf8'), page.head.toString(), page.body.toString(), page.lang);
        res.status(page.status).type('html').send(html);
      })
      .catch((err: unknown) => next(err));
  });
}
