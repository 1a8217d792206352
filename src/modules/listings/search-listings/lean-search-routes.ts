import type { NextFunction, Request, Response } from 'express';
import { isSameHost, requestOrigin, SESSION_COOKIE } from '../../accounts';
import { requestHostHeader } from '../../sites';
import { sendError } from '../../../http/error.filter';
import { answerJson } from '../../../http/answer-json';
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
 * The search page's requests without Nest's router and module middleware: the same controller
 * methods (so the same validation, SearchGate limits, result cache and answers), called from
 * plain Express middleware mounted after the security headers, the URL check, the JSON body
 * parser and the first-touch cookie, all of which these requests still pass. Nest's pipeline
 * cost about as much CPU a request as answering a cached search (README, In-memory search
 * index). What the skipped module middleware does for these routes is kept here: a visitor
 * without a session gets the session middleware's cross-site refusal by deferring to it (a
 * foreign Origin goes on to the full pipeline, which answers its 403); a request carrying a
 * session cookie goes the full way too, since autocomplete's saved-searches group reads the
 * session and its site. Errors answer as the global filter does ({message} with its status).
 */
export function leanSearchRoutes(search: SearchListingsController, trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (!path.startsWith('/api/search')) return next();
    const hit = ROUTES.find(([method, pattern]) => method === req.method && pattern.test(path));
    if (!hit) return next();
    if (SESSION.test(req.headers.cookie ?? '')) return next();
    if (req.method !== 'GET') {
      const origin = requestOrigin(req.headers);
      if (origin !== null && !isSameHost(origin, requestHostHeader(req.headers, trustProxy))) return next();
    }
    let params: string[];
    try {
      params = hit[1].exec(path)!.slice(1).map(decodeURIComponent);
    } catch {
      return next();
    }
    // As the session middleware leaves it for a request without a session.
    req.auth = null;
    // What logs and metrics name the answer by (there is no Express route here).
    res.locals.route = hit[3];
    // Inside a promise, so that a throw before the first await answers as a rejection does.
    Promise.resolve()
      .then(() => hit[2](search, req, params))
      .then(
        (body) => answerJson(req, res, body),
        (err: unknown) => sendError(res, err),
      );
  };
}
