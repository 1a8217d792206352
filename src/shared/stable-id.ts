import { createHash } from 'node:crypto';

/** A uuid-shaped id that is always the same for the same key: retries and repeats land on one id. */
export function stableId(key: string): string {
  const h = createHash('sha256').update(`porchlight organizer:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
