/**
 * What a log line may never hold: secrets (passwords, tokens, keys, cookies, sessions) and a
 * person's contact details. Fields are redacted by name, at any depth; free text (messages,
 * error messages and stacks, which may quote a database row) has e-mail addresses and phone
 * numbers masked.
 */
export const REDACTED = '[redacted]';

/** Field names (compared without case, "_" or "-") whose values are never written. */
const SENSITIVE = [
  'password',
  'passwd',
  'newpassword',
  'currentpassword',
  'secret',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'apikey',
  'privatekey',
  'authorization',
  'cookie',
  'setcookie',
  'session',
  'sessionid',
  'sid',
  'csrf',
  'email',
  'emailaddress',
  'to',
  'replyto',
  'phone',
  'phonenumber',
  'mobile',
  'tonumber',
  'fromnumber',
  'toaddress',
  'body',
  'firstname',
  'lastname',
  'fullname',
];
const sensitive = new Set(SENSITIVE);
// Names that end so hold the same things (smtpPassword, mailgunSigningKey, leadEmail, ...).
const SENSITIVE_ENDINGS = ['password', 'secret', 'token', 'apikey', 'signingkey', 'privatekey', 'cookie', 'sessionid', 'email', 'phone'];

const normalise = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

export function isSensitiveField(name: string): boolean {
  const n = normalise(name);
  return sensitive.has(n) || SENSITIVE_ENDINGS.some((end) => n.endsWith(end));
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Phone-like runs: +E.164, or 10+ digits with the usual separators ("(206) 555-0101", "206.555.0101").
const PHONE = /(?:\+\d[\d\s().-]{6,18}\d|\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b)/g;

/** Free text with e-mail addresses and phone numbers masked. */
export function scrubText(text: string): string {
  // Addresses at the reserved .test domain are nobody's (the demo accounts, test fixtures).
  return text.replace(EMAIL, (m) => (m.toLowerCase().endsWith('.test') ? m : '[email]')).replace(PHONE, '[phone]');
}

/** A copy of `value` with sensitive fields redacted and strings scrubbed, at any depth. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  if (value instanceof Error) return redactFields({ name: value.name, message: value.message, stack: value.stack }, depth);
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSensitiveField(k) && v !== null && v !== undefined ? REDACTED : redactFields(v, depth + 1);
  return out;
}
