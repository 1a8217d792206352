import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A key is `plk_`, the key's id (32 hex digits, so the guard reads one stream instead of searching
 * by hash) and 256 random bits. Only the SHA-256 of the whole key is kept: with that much
 * randomness a plain hash cannot be reversed by guessing, and no server secret is needed.
 */
const KEY = /^plk_([0-9a-f]{32})([A-Za-z0-9_-]{43})$/;

export function newApiKey(keyId: string): string {
  return `plk_${keyId.replaceAll('-', '')}${randomBytes(32).toString('base64url')}`;
}

export const hashOfKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The key id a well-formed key names, else null. */
export function keyIdOf(key: string): string | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const h = m[1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function keyMatches(key: string, keyHash: string): boolean {
  const a = Buffer.from(hashOfKey(key), 'hex');
  const b = Buffer.from(keyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
