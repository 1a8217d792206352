import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_WORDING_RULES } from './consent-wording-rules';
import { type ConsentWording, readConsentWording } from './consent-wording';

type Item = { readonly text: string; readonly expect: ConsentWording };
const corpus = (JSON.parse(readFileSync(path.join(__dirname, '../../../../tests/fixtures/consent-wording/corpus.json'), 'utf8')) as { items: Item[] }).items;

describe(`consent in the lead's words (rules ${CONSENT_WORDING_RULES.version})`, () => {
  it('holds a corpus of at least 200 phrasings, both ways', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(corpus.filter((i) => i.expect === 'revoke').length).toBeGreaterThanOrEqual(100);
    expect(corpus.filter((i) => i.expect !== 'revoke').length).toBeGreaterThanOrEqual(100);
  });

  it('finds every clear revocation (recall 100 %) and few false ones (precision ≥ 95 %)', () => {
    const read = corpus.map((i) => ({ ...i, got: readConsentWording(i.text) }));
    const truePositives = read.filter((r) => r.expect === 'revoke' && r.got === 'revoke').length;
    const predicted = read.filter((r) => r.got === 'revoke').length;
    const actual = read.filter((r) => r.expect === 'revoke').length;
    const recall = truePositives / actual;
    const precision = predicted === 0 ? 0 : truePositives / predicted;
    console.info(
      `consent wording ${CONSENT_WORDING_RULES.version}: ${corpus.length} phrasings, recall ${(recall * 100).toFixed(1)} %, precision ${(precision * 100).toFixed(1)} %`,
    );
    expect(read.filter((r) => r.expect === 'revoke' && r.got !== 'revoke').map((r) => r.text)).toEqual([]);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('never reads a revocation into an unclear or unrelated message, and restores on start and unstop', () => {
    const wrong = corpus.filter((i) => i.expect !== 'revoke' && readConsentWording(i.text) === 'revoke').map((i) => i.text);
    expect(wrong).toEqual([]);
    expect(corpus.filter((i) => i.expect === 'restore' && readConsentWording(i.text) !== 'restore').map((i) => i.text)).toEqual([]);
  });

  it('flags the unclear ones for the agent', () => {
    for (const text of ['stop by at 5?', 'Stop the alerts but call me', 'can you end the call early']) expect(readConsentWording(text)).toBe('unclear');
    const misread = corpus.filter((i) => i.expect === 'unclear' && readConsentWording(i.text) !== 'unclear').map((i) => i.text);
    expect(misread).toEqual([]);
  });
});

describe('a first sentence that is only a word', () => {
  it('revokes when the word is stop, not when it opens another request', () => {
    expect(readConsentWording('Stop. I already bought a house')).toBe('revoke');
    expect(readConsentWording("Cancel. Can't make it Saturday")).toBe('unclear');
    expect(readConsentWording('Stop! That price is crazy')).toBe('unclear');
  });
});
