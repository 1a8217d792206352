import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

const API_PREFIXES = ['/api/', '/ajax/', '/health', '/socket.io/', '/demo-photos/', '/uploads/'];

/** The HTTP status a browser route answers with (index.html all the same): 404 for a listing no one may see. */
export type RouteStatus = (path: string) => Promise<number>;

/**
 * Serves the built React app from the same origin: hashed assets with long caching, and
 * index.html for every other browser route so that client-side routes survive a reload, with
 * the status `statusOf` gives the route (200 when none).
 */
export function serveWebApp(app: NestExpressApplication, distDir: string, statusOf?: RouteStatus): void {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return;
  const isApi = (req: Request) => API_PREFIXES.some((p) => req.path === p.replace(/\/$/, '') || req.path.startsWith(p));
  const files = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // API requests never look on disk: a file-system stat per search request cost 7% of the server's CPU.
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (isApi(req)) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (!statusOf) return res.sendFile(index);
    statusOf(req.path).then(
      (status) => res.status(status).sendFile(index),
      (err: unknown) => next(err),
    );
  });
}
