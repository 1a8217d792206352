import { describe, expect, it } from 'vitest';
import type { CmaComp } from '../valuation.events';
import { CMA_CHANGED, CMA_EMAIL_OFF, decideCma, evolveCma, initialCma } from './cma';
import { addedWeight, applyEdits, cmaEstimate } from './cma-estimate';

const comp = (pdid: string, adjustedPrice: number, weight = 1, over: Partial<CmaComp> = {}): CmaComp => ({
  pdid,
  address: `${pdid} St`,
  closePrice: adjustedPrice,
  closeDate: '2015-01-01',
  distanceMiles: 0.2,
  beds: 3,
  baths: 2,
  livingArea: 1500,
  adjustedPrice,
  weight,
  included: true,
  adjustment: 0,
  note: '',
  added: false,
  ...over,
});

describe('the CMA estimate (weighted median of adjusted prices)', () => {
  const comps = [comp('a', 500_000, 1), comp('b', 600_000, 1), comp('c', 700_000, 3)];

  it('is the weighted median of the kept comps, with the agent’s adjustments', () => {
    // Weights 1, 1, 3 of 5: the median's half-weight (2.5) lies in c.
    expect(cmaEstimate(comps)).toBe(700_000);
    // c dropped: 1 + 1, half is 1, reached at a.
    expect(cmaEstimate(applyEdits(comps, [{ pdid: 'c', included: false, adjustment: 0, note: '' }], []))).toBe(500_000);
    // a taken down by 150,000 with b and c: sorted 350k (1), 600k (1), 700k (3): still c.
    expect(cmaEstimate(applyEdits(comps, [{ pdid: 'a', included: true, adjustment: -150_000, note: 'no garage' }], []))).toBe(700_000);
    // c adjusted down by 120,000: 500k (1), 580k (3), 600k (1): the median is c's 580k.
    expect(cmaEstimate(applyEdits(comps, [{ pdid: 'c', included: true, adjustment: -120_000, note: 'needs a roof' }], []))).toBe(580_000);
    expect(cmaEstimate(comps.map((c) => ({ ...c, included: false })))).toBeNull();
  });

  it('adds a sale at the end, weighed as a typical comp, and keeps what the edits do not name', () => {
    const added = comp('d', 900_000, addedWeight(comps), { added: true });
    expect(added.weight).toBe(1);
    const edited = applyEdits(comps, [{ pdid: 'd', included: true, adjustment: 0, note: '' }], [added]);
    expect(edited.map((c) => c.pdid)).toEqual(['a', 'b', 'c', 'd']);
    expect(edited[2]).toBe(comps[2]);
  });
});

describe('the CMA decider', () => {
  const save = (expectedVersion: number, comps: CmaComp[]) =>
    ({ kind: 'save', expectedVersion, leadId: 'l', siteId: 's', byUserId: 'u', comps, estimate: cmaEstimate(comps)! }) as const;

  it('versions each change, refuses a save on an old version, and appends nothing for no change', () => {
    const first = decideCma(save(0, [comp('a', 1)]), initialCma());
    expect(first).toEqual([expect.objectContaining({ type: 'CmaSaved', data: expect.objectContaining({ version: 1 }) })]);
    const s = first.reduce(evolveCma, initialCma());
    expect(decideCma(save(1, [comp('a', 1)]), s)).toEqual([]);
    expect(decideCma(save(1, [comp('a', 2)]), s)[0]).toMatchObject({ data: { version: 2 } });
    expect(() => decideCma(save(0, [comp('a', 2)]), s)).toThrow(CMA_CHANGED);
  });

  it('sends once per sendId, only to a lead who takes e-mail, and is opened once', () => {
    const send = {
      kind: 'send',
      emailAllowed: true,
      leadId: 'l',
      siteId: 's',
      sendId: 'x',
      version: 1,
      byUserId: 'u',
      expiresAt: '2026-12-29T00:00:00Z',
    } as const;
    expect(() => decideCma({ ...send, emailAllowed: false }, initialCma())).toThrow(CMA_EMAIL_OFF);
    const s = decideCma(send, initialCma()).reduce(evolveCma, initialCma());
    expect(decideCma(send, s)).toEqual([]);
    const opened = decideCma({ kind: 'open', sendId: 'x' }, s);
    expect(opened).toEqual([{ type: 'CmaOpened', data: { leadId: 'l', siteId: 's', sendId: 'x' } }]);
    expect(decideCma({ kind: 'open', sendId: 'x' }, opened.reduce(evolveCma, s))).toEqual([]);
    expect(decideCma({ kind: 'open', sendId: 'nope' }, s)).toEqual([]);
  });
});
