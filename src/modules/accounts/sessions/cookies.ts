import type { CookieOptions, Request, Response } from 'express';
import type { Session } from './session.store';

export const SESSION_COOKIE = 'sid';

/** A Cookie header as name → value (first occurrence wins; values URI-decoded when possible). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export const cookiesOf = (req: Request): Record<string, string> => parseCookies(req.headers.cookie);

/** HttpOnly, SameSite=Lax, Secure when the request came over HTTPS (X-Forwarded-Proto only with TRUST_PROXY). */
export const sessionCookieOptions = (req: Request, expires?: Date): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
  ...(expires ? { expires } : {}),
});

export function setSessionCookie(req: Request, res: Response, session: Session): void {
  res.cookie(SESSION_COOKIE, session.id, sessionCookieOptions(req, session.expiresAt));
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(req));
}

/** A cookie the web app reads (not HttpOnly), e.g. 'registration-state'. */
export function setClientCookie(req: Request, res: Response, name: string, value: string, days: number): void {
  res.cookie(name, value, { httpOnly: false, sameSite: 'lax', secure: req.secure, path: '/', maxAge: days * 86_400_000 });
}
