import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { preferred } from './precompressed-assets';

/** Smaller answers go as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;
/**
 * The cheapest levels that still compress well: on search answers of 14 to 19 kB of JSON (a page
 * of result cards, a metro map) brotli 1 takes 60 to 65 % of brotli 2's CPU for 15 to 20 % more
 * bytes (about 3 kB an answer, against 14 to 19 kB uncompressed), gzip 1 half of gzip 6's for
 * 10 % more (docs/benchmarks.md). The first load's scripts are compressed at their best by the build.
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;
const ENCODINGS = [{ encoding: 'br' }, { encoding: 'gzip' }] as const;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** An event stream is never held back in the compressor's buffer: it would reach the browser late. */
const compressible = (req: Request, res: Response) => !/^text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res);

/**
 * Answers of a compressible type (HTML, JSON, JS, CSS, SVG, XML, CSV) over 1 kB, compressed with
 * brotli or gzip as the request's Accept-Encoding allows (brotli first). An answer sent whole (res.json,
 * res.send: every API answer and server-rendered page) is compressed in one call when it is
 * sent: a compression stream per answer cost about three times as much CPU as the compression
 * itself. An answer that is written in parts (a file, a CSV export) goes through the
 * `compression` stream, set up at its first write. Hashed build assets arrive compressed already
 * (their Content-Encoding is set, so they pass through untouched).
 */
export function compressAnswers() {
  const streamed = compression({
    threshold: THRESHOLD,
    filter: compressible,
    level: GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const original = { write: res.write, writeHead: res.writeHead, end: res.end };
    // Put back only what is still ours: a wrapper set after this one keeps calling these.
    const restore = () => {
      for (const k of ['write', 'writeHead', 'end'] as const) if (res[k] === wrapped[k]) (res as unknown as Record<string, unknown>)[k] = original[k];
    };
    // Written in parts (or its head first): the stream takes over before anything is sent.
    const inParts =
      <K extends 'write' | 'writeHead'>(method: K) =>
      (...args: unknown[]): unknown => {
        const mine = res[method] === wrapped[method];
        restore();
        if (!mine) return (original[method] as (...a: unknown[]) => unknown).apply(res, args);
        streamed(req, res, () => undefined);
        return (res[method] as (...a: unknown[]) => unknown)(...args);
      };
    const wrapped = {
      write: inParts('write') as Response['write'],
      writeHead: inParts('writeHead') as Response['writeHead'],
      end: ((chunk?: unknown, encoding?: unknown, done?: unknown) => {
        restore();
        const end = original.end as (...a: unknown[]) => Response;
        const whole = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? wholeAnswer(req, res, chunk, encoding) : undefined;
        if (whole) return end.call(res, whole, typeof encoding === 'function' ? encoding : done);
        return end.call(res, chunk, encoding, done);
      }) as Response['end'],
    };
    Object.assign(res, wrapped);
    next();
  };
}

/** The answer compressed, its headers set; undefined when it goes as it is. */
function wholeAnswer(req: Request, res: Response, chunk: string | Buffer, encoding: unknown): Buffer | undefined {
  if (res.headersSent || !compressible(req, res) || NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return undefined;
  res.vary('Accept-Encoding');
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return undefined;
  const contentEncoding = res.getHeader('Content-Encoding');
  if (contentEncoding !== undefined && contentEncoding !== 'identity') return undefined;
  const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
  if (body.length < THRESHOLD) return undefined;
  const coding = preferred(ENCODINGS, req.headers['accept-encoding'] ?? '')?.encoding;
  if (!coding) return undefined;
  const out = compressed(body, coding);
  res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', out.length);
  return out;
}

/**
 * Bytes that are sent again unchanged (a result-cache hit's answer, lean-search-routes.ts):
 * each coding of them is compressed once and kept as long as they are.
 */
const compressedOf = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

/** Marks `bytes` as never changed and sent again: their compressed forms are kept. */
export function sentAgain(bytes: Buffer): Buffer {
  compressedOf.set(bytes, {});
  return bytes;
}

function compressed(body: Buffer, coding: 'br' | 'gzip'): Buffer {
  const kept = compressedOf.get(body);
  const hit = kept?.[coding];
  if (hit) return hit;
  const out =
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
          },
        })
      : gzipSync(body, { level: GZIP_LEVEL });
  if (kept) kept[coding] = out;
  return out;
}

/**
 * The smallest brotli window that holds the whole answer: the default (4 MB) is set up and cleared
 * on every call, which doubled the cost of compressing a page of result cards (73 against 37 µs
 * for 9 kB, the same bytes out).
 */
const windowBits = (bytes: number) => Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))));
