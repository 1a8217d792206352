import type { NextFunction, Request, Response } from 'express';
import type { FirstTouch } from '../leads.events';

export const FIRST_TOUCH_COOKIE = 'ft';
const DAYS = 30;
const SRC = /^[A-Za-z0-9_.:-]{1,64}$/;
/**
 * Not a page load: the JSON API (the calls a page makes, and every bot that walks the search
 * API), the web app's files, crawlers' robots and sitemaps. A lead made without the cookie
 * still takes its source from the request (touchOf: the page's `src` in Referer).
 */
const SKIP = /^\/(api(\/|$)|assets|health|socket\.io|uploads|avatars|favicon|robots\.txt|sitemap)/;

const hostOf = (req: Request, trustProxy: boolean) => {
  const fwd = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  return String((typeof fwd === 'string' && fwd ? fwd.split(',')[0] : req.headers.host) ?? '')
    .trim()
    .toLowerCase();
};

/**
 * Where this request says the visitor came from: `src` of the address (or, for the API calls a
 * page makes, of the page in Referer), and a Referer from another host, without its query.
 */
export function touchOf(req: Request, trustProxy: boolean, now: Date): FirstTouch {
  const host = hostOf(req, trustProxy);
  let src = typeof req.query.src === 'string' && SRC.test(req.query.src) ? req.query.src : null;
  let referrer: string | null = null;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer.length < 2048) {
    try {
      const u = new URL(referer);
      if (u.protocol === 'http:' || u.protocol === 'https:') {
        if (u.host.toLowerCase() === host) {
          const pageSrc = u.searchParams.get('src');
          if (!src && pageSrc && SRC.test(pageSrc)) src = pageSrc;
        } else {
          referrer = `${u.origin}${u.pathname}`.slice(0, 300);
        }
      }
    } catch {
      // not a URL: ignored
    }
  }
  return { src, referrer, at: now.toISOString() };
}

export function encodeFirstTouch(ft: FirstTouch): string {
  return Buffer.from(JSON.stringify([ft.src, ft.referrer, ft.at])).toString('base64url');
}

export function decodeFirstTouch(value: string | undefined): FirstTouch | null {
  if (!value || value.length > 1024) return null;
  try {
    const [src, referrer, at] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if ((src !== null && (typeof src !== 'string' || !SRC.test(src))) || (referrer !== null && (typeof referrer !== 'string' || referrer.length > 300)))
      return null;
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
    return { src, referrer, at } as FirstTouch;
  } catch {
    return null;
  }
}

const hasCookie = (req: Request) => (req.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${FIRST_TOUCH_COOKIE}=`));

/**
 * Express middleware: the first page load of a visit sets the first-touch cookie, later ones
 * never change it; API calls and files neither set nor read it here. Installed before the web
 * app so page loads count.
 */
export function firstTouchMiddleware(trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'GET' && !SKIP.test(req.path) && !hasCookie(req)) {
      res.cookie(FIRST_TOUCH_COOKIE, encodeFirstTouch(touchOf(req, trustProxy, new Date())), {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/',
        maxAge: DAYS * 86_400_000,
      });
    }
    next();
  };
}
