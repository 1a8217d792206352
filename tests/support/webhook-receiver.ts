import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = {
  /** The path it was POSTed to (each test's webhook has its own). */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly raw: string;
  readonly body: { id: string; type: string; occurredAt: string; position: number; data: Record<string, unknown> };
  /** What the receiver answered. */
  readonly status: number;
};

/**
 * A real HTTP server on 127.0.0.1 (port 0) taking webhook deliveries: it keeps each request
 * and answers, per path, the status `failing` says (200 when the path is not in it).
 */
export async function webhookReceiver(): Promise<{ origin: string; received: Received[]; failing: Map<string, number>; close(): Promise<void> }> {
  const received: Received[] = [];
  const failing = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const status = failing.get(path) ?? 200;
      received.push({ path, headers: req.headers, raw, body: JSON.parse(raw) as Received['body'], status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver is down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    failing,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's check, as docs/api-v1.md shows it in Node: the HMAC of "<t>.<raw body>" under the secret, compared in constant time. */
export function verifySignature(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
