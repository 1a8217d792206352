import type { Request } from 'express';
import { AppError } from '../../../shared/errors';
import type { ResolvedSite } from './resolved-site';

/** The request's site; 503 while the product has no site at all (a fresh, unseeded database). */
export function requireSite(req: Request): ResolvedSite {
  if (!req.site) throw new AppError('unavailable', 'This site is not set up yet');
  return req.site;
}
