import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BadRequestException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, RequestHandler, Response } from 'express';
import { isSameHost, requestOrigin, SESSION_COOKIE } from '../../accounts';
import { requestHostHeader } from '../../sites';
import { sendError } from '../../../http/error.filter';
import type { SearchListingsController } from './search-listings.http';

type Route = (search: SearchListingsController, req: Request, params: string[]) => Promise<unknown>;

/** The visitors' hot reads: list, map, split and autocomplete (the search page's requests). */
const ROUTES: [method: string, path: RegExp, run: Route, template: string][] = [
  ['GET', /^\/api\/search\/?$/, (s, req) => s.listOf(req.query, req), '/api/search'],
  ['POST', /^\/api\/search\/map\/?$/, (s, req) => s.map(req), '/api/search/map'],
  ['POST', /^\/api\/search\/split\/?$/, (s, req) => s.split(req), '/api/search/split'],
  [
    'GET',
    /^\/api\/search\/autocomplete\/([^/]+)\/([^/]+)\/?$/,
    (s, req, [type, term]) => s.suggestFor(type!, term!, req.query, req),
    '/api/search/autocomplete/:type/:term',
  ],
];

const SESSION = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/**
 * The search page's requests answered by the HTTP server's own request handler, ahead of Express
 * and Nest: the same controller methods (so the same validation, SearchGate limits, result cache
 * and answers) after `front`, the very middleware every request passes in Express (request log
 * and metrics, HTTPS, security headers, compression, the URL check, the body parsers), run here
 * one after the other. What Express's router would add (a walk over every layer of the app and
 * of Nest, with their path matching) is skipped; the request and the answer get Express's own
 * prototypes first, as Express gives them, so `req.ip`, `req.query`, `res.json` are Express's.
 * The metrics endpoint and the first-touch cookie, also mounted before the router, never act on
 * /api/search.
 *
 * What Nest's module middleware does for these routes is kept: a request carrying a session
 * cookie goes the full way (autocomplete's saved-searches group reads the session and its
 * site), and so does a POST from a foreign Origin (the session middleware's cross-site 403).
 * Errors answer as the global filter does ({message} with its status: `sendError`).
 */
export function serveLeanSearch(app: NestExpressApplication, search: SearchListingsController, front: readonly RequestHandler[], trustProxy: boolean): void {
  const express = app.getHttpAdapter().getInstance() as Express;
  const server = app.getHttpServer() as Server;
  // Express's handler, behind socket.io's when the gateway is attached: everything but these four routes.
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (incoming: IncomingMessage, out: ServerResponse) => {
    const hit = leanRoute(incoming, trustProxy);
    if (!hit) {
      for (const handler of others) handler.call(server, incoming, out);
      return;
    }
    const [route, params] = hit;
    // As Express's app.handle sets a request up.
    const req = Object.setPrototypeOf(incoming, express.request) as Request;
    const res = Object.setPrototypeOf(out, express.response) as Response;
    req.res = res;
    res.req = req;
    req.originalUrl = req.url;
    res.locals = Object.create(null) as Record<string, unknown>;
    const step = (i: number) => (err?: unknown) => {
      if (err) return sendError(res, asNestMaps(err));
      if (i < front.length) {
        try {
          return void front[i]!(req, res, step(i + 1));
        } catch (thrown) {
          return sendError(res, asNestMaps(thrown));
        }
      }
      // As the session middleware leaves it for a request without a session.
      req.auth = null;
      // What logs and metrics name the answer by (there is no Express route here).
      res.locals.route = route[3];
      // Inside a promise, so that a throw before the first await answers as a rejection does.
      Promise.resolve()
        .then(() => route[2](search, req, params))
        .then(
          (body) => res.status(200).json(body),
          (thrown: unknown) => sendError(res, thrown),
        );
    };
    step(0)();
  });
}

/**
 * An error a middleware passed on, as Nest's exception handler hands it to the global filter:
 * a SyntaxError or URIError with status 400 (body-parser's malformed JSON) becomes a 400 with its
 * own message (RoutesResolver.mapExternalException).
 */
const asNestMaps = (err: unknown): unknown =>
  (err instanceof SyntaxError || err instanceof URIError) && (err as { status?: unknown }).status === 400 ? new BadRequestException(err.message) : err;

/** The route and its path's decoded parameters when the request is one the lean path answers. */
function leanRoute(req: IncomingMessage, trustProxy: boolean): [(typeof ROUTES)[number], string[]] | undefined {
  const url = req.url ?? '';
  if (!url.startsWith('/api/search')) return undefined;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const route = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(path));
  if (!route) return undefined;
  if (SESSION.test(req.headers.cookie ?? '')) return undefined;
  if (req.method !== 'GET') {
    const origin = requestOrigin(req.headers);
    if (origin !== null && !isSameHost(origin, requestHostHeader(req.headers, trustProxy))) return undefined;
  }
  try {
    return [route, route[1].exec(path)!.slice(1).map(decodeURIComponent)];
  } catch {
    return undefined;
  }
}
