import { describe, expect, it } from 'vitest';
import { describeUrl } from './feed-errors';
import { retryAfterMs } from './retry-after';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; ignores what it cannot read', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 01 May 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 01 May 2024 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('URLs in messages', () => {
  it('keep scheme, host and path only', () => {
    expect(describeUrl('https://user:pw@api.test:8443/odata/Property?$filter=x&access_token=secret')).toBe('https://api.test:8443/odata/Property');
    expect(describeUrl('not a url')).toBe('(an invalid URL)');
  });
});
