import type { NextFunction, Request, Response } from 'express';
import { isSameHost, requestOrigin, SESSION_COOKIE } from '../../accounts';
import { requestHostHeader } from '../../sites';
import { sendError } from '../../../http/error.filter';
import { sentAgain } from '../../../http/compress-answers';
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

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer as res.json sends it (the same status, headers and bytes) without Express's work
 * a call: its settings looked up, the type's charset parsed back, the string turned to a Buffer
 * after its length was taken. A conditional request goes through res.json, whose freshness
 * rules decide it (a search answer carries no validator of its own).
 */
function answerJson(req: Request, res: Response, body: unknown): void {
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) {
    res.status(200).json(body);
    return;
  }
  const bytes = serialised(body);
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/**
 * Each answer's bytes, kept as long as the answer is: the result cache hands the same answer to
 * every request it serves, which is then sent (and compressed, compress-answers.ts) from the
 * same bytes without serialising it again.
 */
const bytesOf = new WeakMap<object, Buffer>();

function serialised(body: unknown): Buffer {
  const kept = typeof body === 'object' && body !== null ? bytesOf.get(body) : undefined;
  if (kept) return kept;
  const bytes = Buffer.from(JSON.stringify(body));
  if (typeof body === 'object' && body !== null) bytesOf.set(body, sentAgain(bytes));
  return bytes;
}

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
