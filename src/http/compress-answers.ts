import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * Answers of a compressible type (HTML, JSON, JS, CSS, SVG, XML, CSV) over 1 kB, compressed on
 * the fly with brotli or gzip as the request's Accept-Encoding allows. Brotli at quality 4: near
 * gzip's speed, smaller output. Hashed build assets arrive compressed already (their
 * Content-Encoding is set, so they pass through untouched). An event stream is never held back
 * in the compressor's buffer: it would reach the browser late, so it goes as it is.
 */
export function compressAnswers() {
  return compression({
    threshold: 1024,
    filter: (req: Request, res: Response) => !/^text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
  });
}
