import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chain, firstBrokenLink, GENESIS_HASH } from './evidence-chain';
import { leadEvidence } from './lead-evidence';

const history = [
  { type: 'LeadCaptured', at: '2026-03-01T10:00:00.000Z', data: { leadId: 'l1' } },
  { type: 'LeadAssigned', at: '2026-03-01T10:01:00.000Z', data: { leadId: 'l1', agentId: 'a1' } },
  { type: 'TextMessageSent', at: '2026-03-02T15:00:00.000Z', data: { leadId: 'l1', body: 'Hi Jane, the house on Elm is open Sunday' } },
  { type: 'ConsentChanged', at: '2026-03-03T09:00:00.000Z', data: { userId: 'u1', channel: 'text', granted: false, how: 'text-reply', from: 'a text reply' } },
  { type: 'LeadReassigned', at: '2026-04-01T09:00:00.000Z', data: { leadId: 'l1', agentId: 'a2' } },
];

describe('the evidence hash chain (contract section 13)', () => {
  it('links each entry to the one before, from 64 zeros, with the hash the contract names', () => {
    const entries = chain(history);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    const { seq, type, at, data } = entries[2]!;
    expect(entries[2]!.hash).toBe(
      createHash('sha256')
        .update(`${entries[1]!.hash}\n${JSON.stringify({ seq, type, at, data })}`)
        .digest('hex'),
    );
    expect(firstBrokenLink(entries)).toBeNull();
  });

  it('fails verification when one byte of one entry changes, or an entry goes', () => {
    const entries = chain(history);
    const copy = JSON.stringify(entries);
    const tampered = JSON.parse(copy.replace('Elm is open Sunday', 'Elm is open Sundax')) as typeof entries;
    expect(firstBrokenLink(tampered)).toBe(3);
    expect(firstBrokenLink(entries.filter((e) => e.seq !== 2))).toBe(3);
  });

  it('as of a date: consent and owner then, and only the events up to it', () => {
    const before = leadEvidence('l1', '2026-03-02T23:59:59.000Z', history);
    expect(before.consent.text).toBe(true);
    expect(before.ownerId).toBe('a1');
    expect(before.entries.map((e) => e.type)).toEqual(['LeadCaptured', 'LeadAssigned', 'TextMessageSent']);
    const after = leadEvidence('l1', '2026-05-01T00:00:00.000Z', history);
    expect(after.consent.text).toBe(false);
    expect(after.ownerId).toBe('a2');
  });
});
