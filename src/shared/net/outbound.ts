import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ipLiteralOf, isPrivateAddress } from './private-address';

export type ResolvedAddress = { readonly address: string; readonly family: 4 | 6 };
/** The resolver port: the system's resolver in the product, a table in tests (no network). */
export type Resolve = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export const LEADS_TO_PRIVATE = 'leads to a loopback, private or link-local address, which this server does not connect to';

/** A connection refused because its address is loopback, private or link-local (the address is not named: it may be internal). */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string) {
    super(`${host} ${LEADS_TO_PRIVATE}`);
  }
}

export type OutboundInit = {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
};
/** A fetch answer, and whether what it says may be shown to people (not when an address on a private network answered, unless the policy says so). */
export type OutboundResponse = Response & { readonly mayShowAnswer: boolean };

export type OutboundPolicy = {
  /** Whether URLs may lead to loopback, private or link-local addresses (ALLOW_PRIVATE_OUTBOUND). */
  readonly allowPrivate: boolean;
  /** Whether what such an address answered may be shown (in error messages); development and test only. */
  readonly showPrivateAnswers?: boolean;
  readonly resolve?: Resolve;
};

const NULL_BODY = new Set([204, 205, 304]);

/**
 * Requests to URLs that users set (MLS feed and token URLs). Unless private addresses are
 * allowed (ALLOW_PRIVATE_OUTBOUND; off in production), a URL that leads to a loopback, private
 * or link-local address is refused when it is set (checkUrl) and again when the connection is
 * made: the address the socket connects to is the one our own lookup checked, so a name that
 * resolves elsewhere later (DNS rebinding) cannot lead in. Redirects are not followed (a
 * redirect could lead a credential anywhere): a 3xx is answered as it is. What an address on
 * a private network answered is marked not to be shown (an internal service's answer must not
 * reach a person through an error message), unless the policy shows it.
 */
export class Outbound {
  private readonly agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  readonly allowPrivate: boolean;
  private readonly showPrivateAnswers: boolean;
  private readonly resolve: Resolve;

  constructor(policy: OutboundPolicy) {
    this.allowPrivate = policy.allowPrivate;
    this.showPrivateAnswers = policy.showPrivateAnswers ?? false;
    this.resolve = policy.resolve ?? systemResolve;
  }

  /** Whether a URL leads to a private address now (false when private addresses are allowed; a name that does not resolve now is checked when connected to). */
  async isPrivate(url: string): Promise<boolean> {
    if (this.allowPrivate) return false;
    const host = new URL(url).hostname;
    const literal = ipLiteralOf(host);
    if (literal) return isPrivateAddress(literal);
    if (host === 'localhost' || host.endsWith('.localhost')) return true;
    try {
      return (await this.resolve(host)).some((a) => isPrivateAddress(a.address));
    } catch {
      return false;
    }
  }

  /** net's lookup through the resolver port, refusing every answer when any address of the name is private. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (all) => {
        if (!this.allowPrivate && all.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddressError(hostname), '', 0);
        const wanted = all.filter((a) => !options.family || a.family === options.family);
        if (wanted.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all)
          return callback(
            null,
            wanted.map((a) => ({ address: a.address, family: a.family })),
          );
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };

  /** fetch's shape on node:http(s): network failures reject as fetch's do (TypeError with the cause), a refused address with PrivateAddressError. */
  fetch(url: string, init: OutboundInit = {}): Promise<OutboundResponse> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        return reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${target.protocol}`) }));
      const literal = ipLiteralOf(target.hostname);
      // net does not look up an address: it is checked here.
      if (literal && !this.allowPrivate && isPrivateAddress(literal)) return reject(new PrivateAddressError(target.hostname));
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason);
      const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Porchlight', ...init.headers };
      if (body) headers['content-length'] = String(body.length);
      const get = target.protocol === 'https:' ? https.request : http.request;
      const req = get(target, { method: init.method ?? 'GET', headers, agent: this.agents[target.protocol], lookup: this.lookup });
      const onAbort = () => {
        req.destroy();
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err) => {
        signal?.removeEventListener('abort', onAbort);
        reject(err instanceof PrivateAddressError ? err : new TypeError('fetch failed', { cause: err }));
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 502;
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) for (const v of value === undefined ? [] : [value].flat()) answer.append(name, v);
        const stream = decoded(
          res,
          String(res.headers['content-encoding'] ?? '')
            .trim()
            .toLowerCase(),
        );
        res.once('close', () => signal?.removeEventListener('abort', onAbort));
        signal?.addEventListener('abort', () => stream.destroy(signal.reason as Error), { once: true });
        const hasBody = !NULL_BODY.has(status) && (init.method ?? 'GET') !== 'HEAD';
        if (!hasBody) res.resume();
        const response = new Response(hasBody ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>) : null, {
          status,
          statusText: res.statusMessage ?? '',
          headers: answer,
        });
        const remote = res.socket?.remoteAddress;
        resolve(Object.assign(response, { mayShowAnswer: this.showPrivateAnswers || (remote !== undefined && !isPrivateAddress(remote)) }));
      });
      req.end(body);
    });
  }
}

/** The body as sent before its content coding (what fetch does for gzip, deflate and br). */
function decoded(res: http.IncomingMessage, coding: string): Readable {
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res;
  return pipeline(res, decoder, () => undefined);
}
