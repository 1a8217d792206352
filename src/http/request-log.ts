import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../metrics/metrics';
import { logger, withRequestId } from '../shared/logger';

const log = logger('http');

/** An incoming X-Request-Id is kept when it is plainly an id (a proxy's or a client's). */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request's id: the one it came with when sane, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The route an answer belongs to, never the raw URL (ids and tokens stay out of logs and out of
 * metric labels): the Express/Nest route path, or what a middleware that answered outside the
 * router named (res.locals.route), or what kind of answer it was.
 */
export function routeTemplate(req: Request, res: Response): string {
  const route = (req as { route?: { path?: unknown } }).route;
  // Nest answers unknown paths from a catch-all route ("/{*path}"): that is no route of ours.
  if (route && typeof route.path === 'string' && !CATCH_ALL.test(route.path)) return `${req.baseUrl}${route.path}` || '/';
  if (typeof res.locals.route === 'string') return res.locals.route;
  return res.statusCode === 404 ? '(unmatched)' : '(other)';
}

const CATCH_ALL = /^\/?(?:\{\*\w+\}|\*\w*)$/;
const SEARCH = /^\/api\/search(?:\/(map|split|autocomplete))?(?:\/|$)/;

/**
 * First of every middleware: gives the request its id (X-Request-Id on the answer, reqId on every
 * log line written while handling it), and when the answer is sent writes one log line and
 * records its duration.
 */
export function requestLog(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const reqId = requestIdOf(req.headers);
    res.locals.reqId = reqId;
    res.setHeader('X-Request-Id', reqId);
    const started = process.hrtime.bigint();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplate(req, res);
      const status = res.writableFinished ? res.statusCode : 499; // 499: the client went away first
      withRequestId(reqId, () =>
        (status >= 500 ? log.warn : log.info)('request', { method: req.method, route, status, ms: Math.round(seconds * 10_000) / 10 }),
      );
      if (status === 499) return;
      metrics.httpDuration.observe({ method: req.method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      const search = status < 400 ? SEARCH.exec(route) : null;
      if (search) metrics.searchDuration.observe({ kind: search[1] ?? 'list' }, seconds);
    };
    res.on('finish', done);
    res.on('close', done);
    withRequestId(reqId, next);
  };
}

/**
 * Middleware after the body parsers: a parser may call on from the request stream's events (a
 * body that arrives in several packets), outside the request's context, so it is entered again.
 */
export function reenterRequestContext(_req: Request, res: Response, next: NextFunction): void {
  const reqId = res.locals.reqId as string | undefined;
  if (reqId) withRequestId(reqId, next);
  else next();
}
