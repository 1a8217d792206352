import { createHash } from 'node:crypto';

export type EvidenceEntry = {
  readonly seq: number;
  readonly type: string;
  readonly at: string;
  readonly data: unknown;
  readonly prevHash: string;
  readonly hash: string;
};

export const GENESIS_HASH = '0'.repeat(64);

/** Contract section 13: hex SHA-256 of `prevHash + "\n" + JSON.stringify({seq, type, at, data})`. */
export const entryHash = (prevHash: string, e: { readonly seq: number; readonly type: string; readonly at: string; readonly data: unknown }): string =>
  createHash('sha256')
    .update(`${prevHash}\n${JSON.stringify({ seq: e.seq, type: e.type, at: e.at, data: e.data })}`)
    .digest('hex');

/** The events in order as a chain: each entry's hash covers the one before, so no line can change, go or move unseen. */
export function chain(events: readonly { readonly type: string; readonly at: string; readonly data: unknown }[]): EvidenceEntry[] {
  const entries: EvidenceEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, e] of events.entries()) {
    const link = { seq: i + 1, type: e.type, at: e.at, data: e.data };
    const hash = entryHash(prevHash, link);
    entries.push({ ...link, prevHash, hash });
    prevHash = hash;
  }
  return entries;
}

/** The first entry that does not hold (its seq), or null when the whole chain does. */
export function firstBrokenLink(entries: readonly EvidenceEntry[]): number | null {
  let prevHash = GENESIS_HASH;
  for (const [i, e] of entries.entries()) {
    if (e.seq !== i + 1 || e.prevHash !== prevHash || entryHash(prevHash, e) !== e.hash) return e.seq;
    prevHash = e.hash;
  }
  return null;
}
