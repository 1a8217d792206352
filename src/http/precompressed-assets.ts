import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The build's compressed copies, best first (web/vite.config.mts writes them). */
const ENCODINGS = [
  { encoding: 'br', ext: '.br' },
  { encoding: 'gzip', ext: '.gz' },
] as const;

/**
 * The copy the browser takes with the highest q; of equal ones the first offered (brotli is
 * smaller). Browsers list gzip first with no q at all: order alone says nothing.
 */
export function preferred<T extends { encoding: string }>(offered: readonly T[], header: string): T | undefined {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (coding) q.set(coding, weight ? Number(weight[1]) : 1);
  }
  let best: T | undefined;
  let bestQ = 0;
  for (const e of offered) {
    const weight = q.get(e.encoding) ?? q.get('*') ?? 0;
    if (weight > bestQ) [best, bestQ] = [e, weight];
  }
  return best;
}

/**
 * Hashed assets as the build compressed them once (brotli at its best, gzip level 9), when the
 * browser takes that encoding: nothing is compressed per request. Assets without a compressed
 * copy (images, small files) and browsers that take neither go on to the plain file.
 */
export function precompressedAssets(assetsDir: string, cacheControl: string) {
  // One build is served for the life of the process: its file list is read once.
  const present = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const name = req.path.slice('/assets/'.length);
    if (!present.has(name) || !req.headers['accept-encoding']) return next();
    const copy = preferred(
      ENCODINGS.filter((e) => present.has(name + e.ext)),
      req.headers['accept-encoding'],
    );
    if (!copy) return next();
    res.locals.route = '(static)';
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', copy.encoding);
    res.setHeader('Cache-Control', cacheControl);
    res.type(path.extname(name));
    res.sendFile(path.join(assetsDir, name + copy.ext), (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}
