import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type Backend = { readonly name: string; readonly port: number; down: boolean };

/**
 * A small load balancer for the scale-out harness, as an operator would put in front of the
 * instances: plain HTTP round robin; socket.io (its path, polling and WebSocket upgrades) sticky
 * by the session cookie, so one browser's sockets land on one instance. A backend that refuses a
 * connection is marked down and the request goes to the next (nothing was delivered). A GET or
 * HEAD whose connection failed before any answer came goes to the next, at most one try an
 * instance, as nginx's `proxy_next_upstream error` does by default (counted in `retried`); any
 * other request that fails in flight answers 502 (counted in `failures`).
 */
export class LoadBalancer {
  private server: http.Server | undefined;
  private next = 0;
  /** Upgraded (WebSocket) connections: the HTTP server no longer tracks them. */
  private readonly tunnels = new Set<net.Socket>();
  /** Requests answered 502 because their backend died under them. */
  readonly failures: string[] = [];
  /** Idempotent requests whose connection failed before an answer and were sent to the next backend. */
  readonly retried: string[] = [];

  constructor(readonly backends: Backend[]) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.forward(req, res, req.url?.startsWith('/socket.io/') ? this.sticky(req) : this.roundRobin(), 0));
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as net.Socket, head, this.sticky(req), 0));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    for (const s of this.tunnels) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private live(): Backend[] {
    return this.backends.filter((b) => !b.down);
  }

  private roundRobin(): Backend | undefined {
    const live = this.live();
    return live.length ? live[this.next++ % live.length] : undefined;
  }

  private sticky(req: http.IncomingMessage): Backend | undefined {
    return this.stickyFor(req.headers.cookie ?? '', req.socket.remoteAddress ?? '');
  }

  /** The same session cookie goes to the same live backend (rehashed over the live ones when one dies). */
  stickyFor(cookieHeader: string, fallback = ''): Backend | undefined {
    const live = this.live();
    if (!live.length) return undefined;
    const sid = /(?:^|;\s*)sid=([^;]*)/.exec(cookieHeader)?.[1] ?? fallback;
    return live[createHash('sha1').update(sid).digest().readUInt32BE(0) % live.length];
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, to: Backend | undefined, attempt: number): void {
    if (!to) {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No instance is up' }));
      return;
    }
    // A fresh connection per request: a kept-alive one to a dead instance would fail a request it never received.
    const upstream = http.request({ host: '127.0.0.1', port: to.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      // The instance died in the middle of its answer: the client's request fails too (an
      // IncomingMessage cut short closes without an error).
      answer.on('close', () => {
        if (!answer.complete) {
          this.failures.push(`${req.method} ${req.url?.replace(/\?.*/, '')} on ${to.name}: answer cut short`);
          res.destroy();
        }
      });
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && attempt < this.backends.length) {
        // Nothing reached the instance: mark it down and try the next, as a health check would.
        to.down = true;
        this.forward(req, res, this.roundRobin(), attempt + 1);
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && !res.headersSent && attempt < this.backends.length) {
        this.retried.push(`${req.method} ${req.url?.replace(/\?.*/, '')} on ${to.name}: ${err.code ?? err.message}`);
        this.forward(req, res, this.roundRobin(), attempt + 1);
        return;
      }
      this.failures.push(`${req.method} ${req.url?.replace(/\?.*/, '')} on ${to.name}: ${err.code ?? err.message}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The instance went away' }));
      else res.destroy();
    });
    req.pipe(upstream);
  }

  private upgrade(req: http.IncomingMessage, client: net.Socket, head: Buffer, to: Backend | undefined, attempt: number): void {
    if (!to) {
      client.destroy();
      return;
    }
    const upstream = net.connect(to.port, '127.0.0.1');
    this.tunnels.add(client).add(upstream);
    client.once('close', () => this.tunnels.delete(client));
    upstream.once('close', () => this.tunnels.delete(upstream));
    let connected = false;
    upstream.on('connect', () => {
      connected = true;
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && err.code === 'ECONNREFUSED' && attempt < this.backends.length) {
        to.down = true;
        this.upgrade(req, client, head, this.sticky(req), attempt + 1);
        return;
      }
      client.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  }
}
