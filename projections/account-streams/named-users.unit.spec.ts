import { describe, expect, it } from 'vitest';
import { namedLeadId, namedUserIds } from './named-users';

const A = '00000000-0000-4000-8000-00000000000A';
const B = '00000000-0000-4000-8000-00000000000b';

describe('which accounts an event is about', () => {
  it('reads the naming keys, lower-cases and de-duplicates, and ignores actors and non-ids', () => {
    expect(namedUserIds({ userId: A, ownerUserId: A.toLowerCase(), agentId: B })).toEqual([A.toLowerCase(), B]);
    expect(namedUserIds({ fromUserId: A, toUserId: B, byUserId: 'x' })).toEqual([A.toLowerCase(), B]);
    expect(namedUserIds({ byUserId: A, officeId: B, userId: 'not-an-id' })).toEqual([]);
    expect(namedUserIds(null)).toEqual([]);
    expect(namedLeadId({ leadId: B })).toBe(B);
    expect(namedLeadId({ leadId: 5 })).toBeNull();
  });
});
