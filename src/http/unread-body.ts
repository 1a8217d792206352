import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../shared/errors';

/** How long a refused connection stays half-closed so the client can read the answer before it is closed. */
const LINGER_MS = 2_000;

/**
 * For an answer given before the request body was read (a webhook refused by its signature or
 * size): the rest of the body is never read. Node would otherwise read it all off the wire
 * (`_dump`), or close the socket with unread bytes in it, which resets the connection and may
 * drop the answer before the client reads it. Instead the connection is half-closed after the
 * answer (the client sees it and our end of the stream) and closed a moment later.
 */
export function closeUnread(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  req.unpipe();
  req.removeAllListeners('data');
  req.pause();
  res.once('finish', () => {
    const socket = req.socket;
    // destroySoon (Node's end of a `Connection: close` answer) closes once our side is written.
    socket.removeListener('finish', socket.destroy);
    socket.on('error', () => undefined);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/** 413 for a body over `limit` bytes. */
export const tooLarge = (limit: number) => new AppError('too_large', `The request is too large (at most ${Math.round(limit / 1024)} KB)`);

/** The body's declared length, or null when it is sent in chunks without one. */
export function declaredLength(req: IncomingMessage): number | null {
  const value = req.headers['content-length'];
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * The whole body, at most `limit` bytes: a declared length over it is refused before a byte is
 * read, a chunked body once it passes it; either way the rest is not read (closeUnread).
 */
export function readSmallBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const refuse = (err: Error) => {
      closeUnread(req, res);
      reject(err);
    };
    if ((declaredLength(req) ?? 0) > limit) return refuse(tooLarge(limit));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return refuse(tooLarge(limit));
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
