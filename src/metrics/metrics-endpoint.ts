import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config';
import { logger } from '../shared/logger';
import type { Metrics, MetricSources } from './metrics';

const log = logger('metrics');

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the caller is this machine: req.ip is the peer, or with TRUST_PROXY the address the
 * proxy forwarded (as the rate limits read it). A loopback peer that carries forwarding headers
 * while they are not trusted is a reverse proxy on this machine relaying someone else: not local.
 */
export function isLocalCaller(req: Request, trustProxy: boolean): boolean {
  if (!LOOPBACK.test(req.ip ?? '')) return false;
  return trustProxy || !FORWARDED.some((h) => req.headers[h] !== undefined);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function hasToken(req: Request, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * GET /metrics: the Prometheus text exposition. Open to this machine; from elsewhere only with
 * `Authorization: Bearer METRICS_TOKEN`, and without a token configured it does not exist there
 * (the request goes on to the 404 every unknown path gets).
 */
export function metricsEndpoint(metrics: Metrics, sources: MetricSources, config: Pick<Config, 'metricsToken' | 'trustProxy'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (!isLocalCaller(req, config.trustProxy)) {
      if (!config.metricsToken) return next();
      if (!hasToken(req, config.metricsToken)) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').json({ message: 'Metrics need Authorization: Bearer with the metrics token' });
        return;
      }
    }
    metrics.scrape(sources).then(
      (text) => {
        res.status(200).setHeader('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
      },
      (err: Error) => {
        log.error('metrics could not be read', { name: err.name, message: err.message });
        if (!res.headersSent) res.status(503).json({ message: 'Metrics cannot be read right now (the database does not answer)' });
      },
    );
  };
}
