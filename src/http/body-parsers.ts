import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * JSON (1 MB) and URL-encoded forms (100 KB) for every route but the webhooks that arrive
 * (`readOwnBody`): those read their bodies themselves, checking the sender's signature and a
 * small limit before anything is buffered, and never read a refused body to its end.
 */
export function bodyParsers(readOwnBody: readonly string[]): RequestHandler {
  const parsers = [express.json({ limit: '1mb' }), express.urlencoded({ extended: true, limit: '100kb' })];
  // As the router matches: whatever the case, with or without a trailing slash.
  const key = (path: string) => path.toLowerCase().replace(/\/+$/, '');
  const own = new Set(readOwnBody.map(key));
  return (req: Request, res: Response, next: NextFunction) => {
    if (own.has(key(req.path))) return next();
    parsers[0]!(req, res, (err?: unknown) => (err ? next(err) : parsers[1]!(req, res, next)));
  };
}
