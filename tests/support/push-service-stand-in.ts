import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests: the receiving side of the Web Push protocol, checked
 * as strictly as a real one would, with node:crypto only.
 * - RFC 8030: only POST to a subscription's address, a TTL header, `Content-Encoding: aes128gcm`;
 *   201 with a Location when the message is taken; 404 for an address nobody subscribed with.
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by
 *   that key (and, when `expectKey` is set, by the server's key), `aud` the endpoint's origin,
 *   `exp` in the future and at most 24 hours away, `sub` a mailto: or https: address. Otherwise 401
 *   (no or malformed credentials) or 403 (a bad signature or claim).
 * - RFC 8291 / 8188: the body is decrypted with the subscription's private key and auth secret,
 *   so a test reads what the browser would show; a body that does not decrypt: 400.
 * What it took is in `received`, what it refused (and why) in `refused`.
 */
export type ReceivedPush = {
  readonly path: string;
  readonly ttl: number;
  readonly topic: string | null;
  readonly claims: { readonly aud: string; readonly exp: number; readonly sub: string };
  readonly vapidKey: string;
  readonly payload: unknown;
};
/** `payload`: what the push held, when it was well formed and refused only because the test said so (`failNext`). */
export type RefusedPush = { readonly path: string; readonly status: number; readonly reason: string; readonly payload?: unknown };
/** What a browser hands the server when it subscribes: the endpoint and its keys (URL-safe base64). */
export type StandInSubscription = { readonly endpoint: string; readonly keys: { readonly p256dh: string; readonly auth: string } };

export type PushServiceStandIn = {
  readonly origin: string;
  readonly received: ReceivedPush[];
  readonly refused: RefusedPush[];
  /** A browser's subscription at this service (its own key pair and auth secret). */
  subscribe(name: string): StandInSubscription;
  /** The next `times` well-formed pushes to this subscription (of those `only` picks, by what they hold) are answered `status` (a push service having trouble). */
  failNext(name: string, status: number, times?: number, only?: (payload: unknown) => boolean): void;
  /** Only JWTs signed by this VAPID public key are taken (the server's). */
  expectKey(publicKey: string): void;
  /** Until a push matching `match` arrived (about 10 s at most). */
  waitFor(match: (p: ReceivedPush) => boolean): Promise<ReceivedPush>;
  close(): Promise<void>;
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_VAPID_SECONDS = 24 * 3600;

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const failures = new Map<string, { status: number; times: number; only?: (payload: unknown) => boolean }>();
  let expectedKey: string | null = null;
  let origin = '';

  const take = (req: http.IncomingMessage, body: Buffer): ReceivedPush => {
    const path = req.url ?? '';
    if (req.method !== 'POST') throw new Refusal(405, 'only POST');
    const browser = browsers.get(path);
    if (!browser) throw new Refusal(404, 'no such subscription');
    const ttl = String(req.headers.ttl ?? '');
    if (!/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL missing');
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(400, 'Content-Encoding must be aes128gcm');
    const auth = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
    if (!auth) throw new Refusal(401, 'no VAPID authorization');
    const [jwt, key] = [auth[1]!, auth[2]!];
    const claims = verifyVapidJwt(jwt, key, origin);
    if (expectedKey !== null && key !== expectedKey) throw new Refusal(403, 'not the expected VAPID key');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, browser.ecdh, browser.auth).toString('utf8'));
    } catch (err) {
      throw new Refusal(400, `the body does not decrypt: ${(err as Error).message}`);
    }
    const topic = req.headers.topic;
    return { path, ttl: Number(ttl), topic: typeof topic === 'string' ? topic : null, claims, vapidKey: key, payload };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const push = take(req, Buffer.concat(chunks));
        const failure = failures.get(push.path);
        if (failure && failure.times > 0 && (!failure.only || failure.only(push.payload))) {
          failure.times--;
          refused.push({ path: push.path, status: failure.status, reason: 'told to fail', payload: push.payload });
          res.writeHead(failure.status, { 'content-type': 'text/plain' }).end('try again later');
          return;
        }
        received.push(push);
        res.writeHead(201, { Location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        const status = err instanceof Refusal ? err.status : 500;
        refused.push({ path: req.url ?? '', status, reason: (err as Error).message });
        res.writeHead(status, { 'content-type': 'text/plain' }).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(`/push/${name}`, { ecdh, auth });
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    failNext(name, status, times = 1, only) {
      failures.set(`/push/${name}`, { status, times, only });
    },
    expectKey(publicKey) {
      expectedKey = publicKey;
    },
    async waitFor(match) {
      for (let i = 0; i < 400; i++) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching push arrived; refused: ${JSON.stringify(refused)}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8292: an ES256 JWT signed by the uncompressed P-256 public key `k`, for this origin, not expired, at most 24 h ahead. */
function verifyVapidJwt(jwt: string, k: string, audience: string): ReceivedPush['claims'] {
  const [h, p, s] = jwt.split('.') as [string, string, string];
  let header: { alg?: unknown; typ?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    throw new Refusal(401, 'the JWT is not JSON');
  }
  if (header.alg !== 'ES256') throw new Refusal(401, 'the JWT is not ES256');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signature = Buffer.from(s, 'base64url');
  if (signature.length !== 64 || !verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, signature))
    throw new Refusal(403, 'bad signature');
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Refusal(403, `aud is not ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + MAX_VAPID_SECONDS + 60) throw new Refusal(403, 'exp is not within 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(403, 'sub is not a mailto: or https: address');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (keys) over RFC 8188 (records): what the browser does with a push's body. */
function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  if (salt.length !== 16 || rs < 18 || idLength !== 65) throw new Error('bad aes128gcm header');
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const records = body.subarray(21 + idLength);
  const out: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq++) {
    const record = records.subarray(offset, offset + rs);
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Content, then a delimiter (2 in the last record, 1 before), then zero padding.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = offset + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}
