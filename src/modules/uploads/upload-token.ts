import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_FORMS } from '../../contract/routes/uploads';

/** The forms a signed-out visitor may upload from, and what each takes: the inquiry form's resume. */
export { UPLOAD_FORMS };
export type UploadForm = (typeof UPLOAD_FORMS)[number];

/** Long enough to fill in a form and choose a file; a token is also good for one upload only. */
export const UPLOAD_TOKEN_MINUTES = 30;

// A key of its own for this purpose, derived from the server secret.
const purposeKey = (secret: Buffer) => createHmac('sha256', secret).update('porchlight upload tokens v1').digest();
const mac = (secret: Buffer, body: string) => createHmac('sha256', purposeKey(secret)).update(body).digest('base64url');

/**
 * A signed-out visitor's permission to upload one file for a form: up1.<form>.<expires>.<nonce>.<mac>,
 * signed with the server secret (expires in seconds since the epoch; the nonce makes it single-use).
 */
export function signUploadToken(secret: Buffer, form: UploadForm, now: Date): { token: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + UPLOAD_TOKEN_MINUTES * 60;
  const body = `up1.${form}.${expires}.${randomBytes(12).toString('base64url')}`;
  return { token: `${body}.${mac(secret, body)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

export type UploadTokenCheck =
  | { readonly ok: true; readonly form: UploadForm; readonly nonce: string; readonly expires: number }
  | { readonly ok: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export function verifyUploadToken(secret: Buffer, token: string, now: Date): UploadTokenCheck {
  const parts = token.split('.');
  const [version, form, expires, nonce, given] = parts;
  if (
    parts.length !== 5 ||
    version !== 'up1' ||
    !UPLOAD_FORMS.includes(form as UploadForm) ||
    !/^\d{1,12}$/.test(expires!) ||
    !/^[A-Za-z0-9_-]{16}$/.test(nonce!)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const got = Buffer.from(given!);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { ok: false, reason: 'forged' };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, form: form as UploadForm, nonce: nonce!, expires: Number(expires) };
}
