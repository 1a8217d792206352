import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { NOT_SIGNED } from '../../src/modules/conversation/receive-inbound-email/inbound-email.http';
import { mailgunSignature } from '../../src/modules/conversation/receive-inbound-email/mailgun-signature';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-config';
import { MAILGUN_KEY, mailgunEnv } from '../support/mailgun-stand-in';
import { SMS_INBOUND, TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN } from '../support/twilio-stand-in';

const MB = 1024 * 1024;
const BOUNDARY = 'porchlight-test-boundary';
/** The attack: 30 attachments of 5 MB. */
const ATTACHMENTS = 30;
const ATTACHMENT_BYTES = 5 * MB;

type Part = { readonly name: string; readonly value: string } | { readonly name: string; readonly file: string; readonly bytes: number };

const field = (name: string, value: string) => ({ name, value });
const file = (i: number, bytes = ATTACHMENT_BYTES) => ({ name: `attachment-${i}`, file: `photo-${i}.jpg`, bytes });
const signed = (key = MAILGUN_KEY) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  return [field('timestamp', timestamp), field('token', token), field('signature', mailgunSignature(key, timestamp, token))];
};

/** A multipart body made as it is sent, so that 150 MB never sit in the test's memory. */
function* multipart(parts: readonly Part[]): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (const p of parts) {
    if ('value' in p) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`);
      continue;
    }
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file}"\r\nContent-Type: image/jpeg\r\n\r\n`);
    for (let left = p.bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

const lengthOf = (parts: readonly Part[]) =>
  [...multipart(parts.map((p) => ('bytes' in p ? { ...p, bytes: 0 } : p)))].reduce((n, b) => n + b.length, 0) +
  parts.reduce((n, p) => n + ('bytes' in p ? p.bytes : 0), 0);

type Answer = { readonly status: number; readonly body: string; readonly sent: number; readonly total: number };

/**
 * Posts a body as fast as the server takes it and answers as soon as the server answered,
 * with how many bytes of the body the server had let the client send by then (TCP lets a
 * few MB through into buffers; a server that reads everything takes all of it).
 */
function post(url: string, body: Iterable<Buffer>, total: number, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const source = Readable.from(
      (function* () {
        for (const b of body) {
          sent += b.length;
          yield b;
        }
      })(),
      { objectMode: false, highWaterMark: 64 * 1024 },
    );
    const req = http.request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sent, total });
        source.destroy();
        req.destroy();
      });
    });
    req.on('error', (err) => reject(err));
    source.pipe(req);
  });
}

const postMultipart = (url: string, parts: readonly Part[], opts: { chunked?: boolean } = {}) => {
  const total = lengthOf(parts);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (!opts.chunked) headers['content-length'] = String(total);
  return post(url, multipart(parts), total, headers);
};

/** Far less than the body: the server stopped reading it (buffers hold a few MB at most). */
const unread = (a: Answer) => expect(a.sent, `${a.sent} of ${a.total} bytes were taken`).toBeLessThan(a.total / 3);

describe('webhooks that arrive are verified before their body is read past a small limit', () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer(
      testConfig(db.url, {
        ...mailgunEnv(),
        INBOUND_EMAIL_MAX_MB: '10',
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        TWILIO_FROM,
        TWILIO_API_URL: 'http://127.0.0.1:9',
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const email = () => `${server.url}/api/inbound/email`;

  it('an unsigned e-mail post with 30 attachments of 5 MB is refused (403) without its files being read', async () => {
    const parts = [field('recipient', 'reply+abc@reply.demo.test'), field('subject', 'hello'), ...Array.from({ length: ATTACHMENTS }, (_, i) => file(i + 1))];
    const answer = await postMultipart(email(), parts);
    expect(answer.status, answer.body).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ message: NOT_SIGNED });
    unread(answer);
  });

  it('a forged signature is refused the moment its fields are in, sent in chunks without a length too', async () => {
    const parts = [...signed('key-of-someone-else-0123456789'), ...Array.from({ length: ATTACHMENTS }, (_, i) => file(i + 1))];
    const answer = await postMultipart(email(), parts, { chunked: true });
    expect(answer.status, answer.body).toBe(403);
    unread(answer);
  });

  it('a file before the signature fields is refused even when a valid signature follows it', async () => {
    const parts = [file(1, 50 * MB), ...signed(), file(2, 50 * MB)];
    const answer = await postMultipart(email(), parts);
    expect(answer.status, answer.body).toBe(403);
    unread(answer);
  });

  it('a signed post larger than INBOUND_EMAIL_MAX_MB is refused with 413: at once when it says its length, once past it when chunked', async () => {
    const parts = [...signed(), ...Array.from({ length: ATTACHMENTS }, (_, i) => file(i + 1))];
    const declared = await postMultipart(email(), parts);
    expect(declared.status, declared.body).toBe(413);
    expect(JSON.parse(declared.body).message).toMatch(/too large/);
    unread(declared);

    const chunked = await postMultipart(email(), [...signed(), ...Array.from({ length: ATTACHMENTS }, (_, i) => file(i + 1))], { chunked: true });
    expect(chunked.status, chunked.body).toBe(413);
    unread(chunked);
  });

  it("Twilio's webhook reads at most 64 KB: a larger form is refused (413) unread, a small unsigned one 403", async () => {
    const big = { length: 5 + 100 * MB };
    const pieces = function* () {
      yield Buffer.from('Body=');
      const xs = Buffer.alloc(64 * 1024, 0x78);
      for (let left = 100 * MB; left > 0; left -= xs.length) yield xs;
    };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const declared = await post(`${server.url}${SMS_INBOUND}`, pieces(), big.length, { ...form, 'content-length': String(big.length) });
    expect(declared.status, declared.body).toBe(413);
    unread(declared);
    const chunked = await post(`${server.url}${SMS_INBOUND}`, pieces(), big.length, form);
    expect(chunked.status, chunked.body).toBe(413);
    unread(chunked);

    const unsigned = await fetch(`${server.url}${SMS_INBOUND}`, { method: 'POST', headers: form, body: 'From=%2B12065550101&Body=hi' });
    expect(unsigned.status).toBe(403);
  });
});
