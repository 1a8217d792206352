import type { Request, Response } from 'express';
import { sentAgain } from './compress-answers';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer as res.json sends it (the same status, headers and bytes) without Express's work
 * a call: its settings looked up, the type's charset parsed back, the string turned to a Buffer
 * after its length was taken. A conditional request goes through res.json, whose freshness
 * rules decide it (a search answer carries no validator of its own).
 */
export function answerJson(req: Request, res: Response, body: unknown): void {
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) {
    res.status(200).json(body);
    return;
  }
  const bytes = serialised(body);
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/**
 * Each answer's bytes, kept as long as the answer is: the search result cache hands the same
 * answer to every request it serves (lean-search-routes.ts), which is then sent (and compressed,
 * compress-answers.ts) from the same bytes without serialising it again.
 */
const bytesOf = new WeakMap<object, Buffer>();

/**
 * Gives `body` the JSON text it is sent as, written by a serialiser of its own where
 * JSON.stringify is slow for it (map-answer-json.ts): it must be the text JSON.stringify gives.
 */
export function withJsonText<T extends object>(body: T, text: string): T {
  bytesOf.set(body, sentAgain(Buffer.from(text)));
  return body;
}

function serialised(body: unknown): Buffer {
  const kept = typeof body === 'object' && body !== null ? bytesOf.get(body) : undefined;
  if (kept) return kept;
  const bytes = Buffer.from(JSON.stringify(body));
  if (typeof body === 'object' && body !== null) bytesOf.set(body, sentAgain(bytes));
  return bytes;
}
