import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal value sealed under its person's data key: AES-256-GCM, a fresh 96-bit IV per
 * value, the subject as additional data (a value moved to another person's event fails to open).
 * Stored in the event's JSON in place of the value, as `pii1:` + base64(iv | tag | ciphertext of
 * the value's JSON), so any JSON type (a string, a list of tags) round-trips.
 */
const PREFIX = 'pii1:';

export const isSealed = (v: unknown): v is string => typeof v === 'string' && v.startsWith(PREFIX);

export const newDataKey = (): Buffer => randomBytes(32);

export function seal(key: Buffer, subject: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function open(key: Buffer, subject: string, sealed: string): unknown {
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(subject));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
}
