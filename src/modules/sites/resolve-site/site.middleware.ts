import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { requestHostHeader } from './request-host';
import { SiteResolver } from './site-resolver';

/** Puts the site the request was sent to on req.site (multi-tenancy, architecture). */
@Injectable()
export class SiteMiddleware implements NestMiddleware {
  constructor(
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    req.site = await this.sites.resolve(requestHostHeader(req.headers, this.config.trustProxy));
    next();
  }
}
