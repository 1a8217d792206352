import { randomUUID } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7: 48 bits of milliseconds, a 12-bit sequence, then random bits. Event ids of a
 * bulk import that rise with time land at the right edge of the events table's unique index
 * instead of on a random page of it each, which is what makes a million-listing import's
 * appends slow once that index outgrows memory.
 */
export function timeOrderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs++;
    sequence = 0;
  }
  // The random half of a version 4 uuid (its variant bits included): randomUUID draws from a
  // cached pool of entropy, where randomBytes(16) is a call and a buffer per id.
  const tail = randomUUID().slice(19);
  const ms = lastMs.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${tail}`;
}
