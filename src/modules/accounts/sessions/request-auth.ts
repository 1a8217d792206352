import type { Request } from 'express';
import { forbidden, unauthorized } from '../../../shared/errors';
import type { Session } from './session.store';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in session (set by SessionMiddleware on every route); null when signed out. */
      auth?: Session | null;
    }
  }
}

/** The signed-in session, or 401. */
export function requireAuth(req: Request): Session {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** The signed-in session of at least this level, else 401 (signed out) or 403. */
export function requireLevel(req: Request, minimum: number): Session {
  const auth = requireAuth(req);
  if (auth.securityLevel < minimum) throw forbidden();
  return auth;
}

/**
 * While staff act as a user (impersonation), what would take the account away from its owner or
 * change staff rights is refused: passwords, e-mail addresses, the back-office itself.
 */
export function refuseWhileImpersonating(req: Request, message: string): void {
  if (req.auth?.impersonatorId) throw forbidden(message);
}

export const WHILE_IMPERSONATING = {
  password: 'Passwords cannot be changed while impersonating a user',
  email: 'E-mail addresses cannot be changed while impersonating a user',
  staff: 'Staff changes are not allowed while impersonating a user; end the impersonation first',
} as const;
