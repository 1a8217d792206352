import type { AccountEvent, SecurityLevel, UserRegistered } from '../../src/modules/accounts/accounts.events';

/** A registration for read-model specs: a person named after their id's role, on no site and in no office unless told. */
export const registered = (userId: string, securityLevel: SecurityLevel, over: Partial<UserRegistered['data']> = {}): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId, email: `${userId}@example.com`, firstName: 'Pat', lastName: 'Smith', securityLevel, siteId: null, officeId: null, cellPhone: null, ...over },
});
