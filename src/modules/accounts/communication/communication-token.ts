import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CommunicationMarker } from '../../../contract/prompt-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MARKERS: readonly string[] = ['obliterate_all_communication', 'unsubscribe_email', 'unsubscribe_text', 'On_PropertyAlerts'];

// A key of its own for this purpose, derived from the server secret.
const purposeKey = (secret: Buffer) => createHmac('sha256', secret).update('porchlight communication links v1').digest();
const mac = (secret: Buffer, body: string) => createHmac('sha256', purposeKey(secret)).update(body).digest('base64url');

/**
 * A communication link's token: which user and which action, signed with the server secret so
 * that it works without a session and cannot be altered. Format: v1.<userId>.<action>.<mac>.
 */
export function signCommunicationToken(secret: Buffer, userId: string, action: CommunicationMarker): string {
  const body = `v1.${userId}.${action}`;
  return `${body}.${mac(secret, body)}`;
}

export type TokenCheck =
  { readonly ok: true; readonly userId: string; readonly action: CommunicationMarker } | { readonly ok: false; readonly reason: 'malformed' | 'forged' };

export function verifyCommunicationToken(secret: Buffer, token: string): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1' || !UUID.test(parts[1]!) || !MARKERS.includes(parts[2]!)) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(mac(secret, parts.slice(0, 3).join('.')));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  return { ok: true, userId: parts[1]!, action: parts[2] as CommunicationMarker };
}
