import { describe, expect, it } from 'vitest';
import { leadRegistration } from './lead-account';

const inquiry = (phone: string | null) =>
  leadRegistration({
    userId: 'u1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    phone,
    siteId: 's1',
    via: 'inquiry',
    from: 'the inquiry form',
    at: '2026-11-24T00:00:00Z',
  });

describe("a lead's account from an inquiry", () => {
  it('keeps the phone as the cell whenever it is ten digits, however it was written', () => {
    expect(['(916) 555-0199', '916-555-0199', '916.555.0199', '+1 916 555 0199', '9165550199'].map((p) => inquiry(p).cellPhone)).toEqual(
      Array(5).fill('9165550199'),
    );
  });

  it('keeps no cell for a phone that is not ten digits, or none', () => {
    expect([inquiry('555-0199').cellPhone, inquiry('(916) 555-0199 x12').cellPhone, inquiry(null).cellPhone]).toEqual([null, null, null]);
  });
});
