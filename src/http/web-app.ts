import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const API_PREFIXES = ['/api/', '/ajax/', '/health', '/socket.io/', '/demo-photos/', '/uploads/'];

/**
 * Serves the built React app from the same origin: hashed assets with long caching, and
 * index.html for every other browser route so that client-side routes survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return;
  app.useStaticAssets(distDir, {
    index: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (API_PREFIXES.some((p) => req.path === p.replace(/\/$/, '') || req.path.startsWith(p))) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
