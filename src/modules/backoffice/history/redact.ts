/**
 * Keys whose values are secrets: password hashes, reset-token hashes, tokens, keys, and a web
 * push subscription's endpoint and keys (whoever has them can push to the browser).
 */
const SECRET = /password|hash|token|secret|credential|apikey|^auth$|^endpoint$|^p256dh$/i;
export const REDACTED = '[redacted]';

/**
 * A deep copy with every secret value replaced: what the back-office shows and exports never
 * holds a hash or a token, whichever event or state it comes from (new event types included).
 */
export function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redact) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET.test(k) && (typeof v === 'string' || (typeof v === 'object' && v !== null)) ? REDACTED : redact(v);
    return out as T;
  }
  return value;
}
