import type { NextFunction, Request, Response } from 'express';

export const MALFORMED_URL = 'The address holds a NUL byte or characters that are not UTF-8';

/**
 * True when the path and query decode to UTF-8 text without NUL. A lone '%' (a typed "100%")
 * is left alone, as Express's own parsing does; only escapes that decode to NUL or to bytes that
 * are not UTF-8 make a URL malformed. Decoding the whole URL at once is as strict as decoding
 * each part: a sequence broken in one part stays broken in the whole.
 */
export function isWellFormedUrl(url: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return false;
  }
  return !decoded.includes('\0');
}

/**
 * 400 `{message}` for any request whose path or query holds a NUL byte or invalid UTF-8, before
 * any route sees it: PostgreSQL refuses both in text, so they would otherwise surface as 500s
 * wherever a value reaches a query.
 */
export function refuseMalformedUrls(req: Request, res: Response, next: NextFunction): void {
  if (isWellFormedUrl(req.originalUrl || req.url)) return next();
  res.status(400).json({ message: MALFORMED_URL });
}
