import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * When the site's public address is https, every request is treated as arriving over HTTPS,
 * whatever the last hop was: behind a TLS-terminating proxy that is not trusted (no
 * TRUST_PROXY) Express would otherwise see plain HTTP and hand out session cookies without
 * Secure. `req.secure` is what every cookie is set from (sessions, first touch, client cookies),
 * so it is decided here once. Browsers are told to use HTTPS only (HSTS, subdomains included:
 * agents' sites are subdomains of the public address).
 */
export function httpsSite(config: Pick<Config, 'publicUrl'>) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  return (req: Request, res: Response, next: NextFunction): void => {
    if (https) {
      Object.defineProperty(req, 'secure', { value: true, configurable: true, enumerable: true });
      res.setHeader('Strict-Transport-Security', HSTS);
    }
    next();
  };
}
