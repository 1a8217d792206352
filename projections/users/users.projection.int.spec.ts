import { describe, expect, it } from 'vitest';
import { LEVEL } from '../../src/modules/accounts/accounts.events';
import { erasedAddress, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { registered } from '../../tests/support/account-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { fullNames, usersByIds, usersProjection, usersWithCellPhone } from './index';

const ADA = specId(1);
const AGENT = specId(2);

describe('users read model', () => {
  const spec = projectionSpecification(usersProjection);

  it('given two accounts, when one signs in twice and turns text consent off, then the counts and consent show it, and sign-in secrets are not kept', () =>
    spec
      .given(registered(ADA, LEVEL.lead, { firstName: 'Ada', lastName: 'Lovelace', cellPhone: '2065550100' }), registered(AGENT, LEVEL.agent), {
        type: 'PasswordSet',
        data: { userId: ADA, passwordHash: 'hash' },
      })
      .when(
        { type: 'UserSignedIn', data: { userId: ADA, method: 'password', timezone: null, timezoneName: null } },
        { type: 'UserSignedIn', data: { userId: ADA, method: 'google', timezone: null, timezoneName: null } },
        {
          type: 'ConsentChanged',
          data: { userId: ADA, channel: 'text', granted: false, how: 'text-reply', from: 'a text reply', at: '2026-03-02T15:00:00.000Z' },
        },
      )
      .then(async ({ pool, rows }) => {
        expect(await rows('SELECT login_count, consent_text, consent_email, last_login_at FROM users WHERE user_id = $1', [ADA])).toEqual([
          { login_count: 2, consent_text: false, consent_email: true, last_login_at: new Date('2026-03-02T15:05:00.000Z') },
        ]);
        expect(await rows("SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name LIKE '%password%'")).toEqual([]);
        expect(await fullNames(pool, [ADA, AGENT, specId(9)])).toEqual(
          new Map([
            [ADA, 'Ada Lovelace'],
            [AGENT, 'Pat Smith'],
          ]),
        );
        expect(await usersWithCellPhone(pool, '2065550100')).toEqual([ADA]);
      }));

  it('given an account, when the person is erased, then their name, address and phone are gone, their row answers as an erased person', () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: ADA, leadIds: [], byUserId: null, how: 'self', reason: 'Asked from the account page' },
    };
    return spec
      .given(registered(ADA, LEVEL.lead, { firstName: 'Ada', lastName: 'Lovelace', cellPhone: '2065550100' }))
      .when(erased)
      .then(async ({ pool }) => {
        expect((await usersByIds(pool, [ADA])).get(ADA)).toEqual({ userId: ADA, firstName: 'Erased', lastName: 'person', email: erasedAddress(ADA) });
        expect(await usersWithCellPhone(pool, '2065550100')).toEqual([]);
      });
  });
});
