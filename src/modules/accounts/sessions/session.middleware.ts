import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { forbidden } from '../../../shared/errors';
import { cookiesOf, SESSION_COOKIE } from './cookies';
import { requestHostHeader } from '../../sites';
import { isSameHost, requestOrigin, SAFE_METHODS } from './origin-check';
import { SessionStore } from './session.store';

/** Routes authenticated by a token in the request, never by the session cookie. */
const TOKEN_ROUTES = new Set(['/api/account/unsubscribe/oneclick', '/api/market-reports/unsubscribe']);

/**
 * Loads the session named by the cookie onto req.auth, and refuses cross-site state changes
 * (contract section 7): a state-changing request with a session must carry an Origin or
 * Referer of the host it was sent to; one with a foreign Origin is refused even without a
 * session (that also stops sign-in cross-site request forgery).
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    // Thrown errors reach the global error filter ({message} with the status).
    // API v1 takes a bearer key only: a cookie does not count there, so there is nothing to forge.
    if (TOKEN_ROUTES.has(req.path) || req.path.startsWith('/api/v1/')) {
      req.auth = null;
      return next();
    }
    req.auth = await this.sessions.find(cookiesOf(req)[SESSION_COOKIE]);
    if (!SAFE_METHODS.has(req.method)) {
      const origin = requestOrigin(req.headers);
      if (origin === null) {
        if (req.auth) throw forbidden('This request must come from the site itself (no Origin or Referer)');
      } else if (!isSameHost(origin, requestHostHeader(req.headers, this.config.trustProxy))) {
        throw forbidden('Cross-site request refused');
      }
    }
    next();
  }
}
