import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens the product puts into the links it mails (property alerts, listings sent to a
 * lead): dot-separated fields, then an HMAC-SHA256 of them (and of `bound`, what the token stands
 * for without carrying it, e.g. the listing a click goes to) under a key of its own per `label`,
 * derived from the server secret, so that a token made for one purpose never passes for another.
 */
const keyOf = (secret: Buffer, label: string) => createHmac('sha256', secret).update(label).digest();
const macOf = (secret: Buffer, label: string, body: string, bound: string | undefined) =>
  createHmac('sha256', keyOf(secret, label))
    .update(bound === undefined ? body : `${body}\n${bound}`)
    .digest('base64url');

export const UUID_FIELD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** When a token was issued, in unix seconds. */
export const SECONDS_FIELD = /^[0-9]{1,12}$/;
const MAX_TOKEN = 300;

export function signToken(secret: Buffer, label: string, fields: readonly string[], bound?: string): string {
  const body = fields.join('.');
  return `${body}.${macOf(secret, label, body, bound)}`;
}

export type OpenedToken = { readonly ok: true; readonly fields: readonly string[] } | { readonly ok: false; readonly reason: 'malformed' | 'forged' };

/** The fields of a token shaped as `shape` says (one pattern a field) whose MAC is right. */
export function openToken(secret: Buffer, label: string, token: string, shape: readonly RegExp[], bound?: string): OpenedToken {
  const parts = token.length <= MAX_TOKEN ? token.split('.') : [];
  if (parts.length !== shape.length + 1 || shape.some((re, i) => !re.test(parts[i]!))) return { ok: false, reason: 'malformed' };
  const fields = parts.slice(0, shape.length);
  const expected = Buffer.from(macOf(secret, label, fields.join('.'), bound));
  const got = Buffer.from(parts[shape.length]!);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: 'forged' };
  return { ok: true, fields };
}

export const issuedField = (at: Date): string => String(Math.floor(at.getTime() / 1000));

/**
 * When a token was issued (its seconds field), and whether it is still good at `now`: a token
 * from the future is as wrong as an old one (a clock moved, or a forgery made with the key).
 */
export function tokenAge(issued: string, now: Date, lifetimeMs: number): { readonly issuedAt: Date; readonly fresh: boolean } {
  const issuedAt = new Date(Number(issued) * 1000);
  const age = now.getTime() - issuedAt.getTime();
  return { issuedAt, fresh: age <= lifetimeMs && age >= -60_000 };
}
