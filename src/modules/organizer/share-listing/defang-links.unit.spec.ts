import { describe, expect, it } from 'vitest';
import { defangLinks } from './defang-links';

describe('links in what a lead writes are made unclickable', () => {
  it.each([
    ['http://evil.test/win?x=1', 'http[:]//evil[.]test/win?x=1'],
    ['see www.prize-claim.example.com now', 'see www[.]prize-claim[.]example[.]com now'],
    ['evil.co/login', 'evil[.]co/login'],
    ['mail me: ada@example.com', 'mail me: ada@example[.]com'],
    ['<a href="https://evil.test">prize</a>', '<a href="https[:]//evil[.]test">prize</a>'],
    ['http://10.0.0.1/admin', 'http[:]//10[.]0[.]0[.]1/admin'],
    ['javascript://%0aalert(1)', 'javascript[:]//%0aalert(1)'],
  ])('%s', (text, defanged) => {
    expect(defangLinks(text)).toBe(defanged);
  });

  it('leaves ordinary sentences, prices and numbers alone', () => {
    const text = 'Look at this one! 3.5 baths, $1.2M, e.g. near the park. Call 206-555-0100.\nSee you at 5.30';
    expect(defangLinks(text)).toBe(text);
  });
});
