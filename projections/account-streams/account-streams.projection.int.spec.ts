import { describe, expect, it } from 'vitest';
import { LEVEL } from '../../src/modules/accounts/accounts.events';
import { registered } from '../../tests/support/account-events';
import { captured } from '../../tests/support/lead-events';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { accountStreamsProjection, leadsOfAccount, streamsAbout } from './index';

const ADA = specId(1);
const LEAD = specId(2);
const SITE = specId(3);
const on = (streamId: string, e: GivenEvent): GivenEvent => ({ ...e, streamId });
const texted: GivenEvent = {
  type: 'TextMessageReceived',
  data: { leadId: LEAD, siteId: SITE, messageId: specId(4), from: '+12065550100', body: 'Hi', media: [], providerId: 'SM1' },
};

describe('account streams read model (what an account’s history reads)', () => {
  const spec = projectionSpecification(accountStreamsProjection);

  it("given Ada's account and her lead, when she texts, then her history reads her account's, her lead's and her texts' streams, and staff screens are told", () =>
    spec
      .given(on(`user-${ADA}`, registered(ADA, LEVEL.lead)), on(`lead-${LEAD}`, captured({ leadId: LEAD, userId: ADA, siteId: SITE })))
      .when(on(`sms-${LEAD}`, texted))
      .then(async ({ pool, pushes }) => {
        expect((await streamsAbout(pool, ADA)).sort()).toEqual([`lead-${LEAD}`, `sms-${LEAD}`, `user-${ADA}`]);
        expect(await leadsOfAccount(pool, ADA)).toEqual([LEAD]);
        expect(pushes).toEqual([
          { to: ['staff'], name: 'backoffice.accountChanged', payload: { userId: ADA, types: ['TextMessageReceived'], at: '2026-03-02T15:03:00.000Z' } },
        ]);
      }));

  it('given a text about a lead nobody captured here, then it is about no account', () =>
    spec.given(on(`sms-${LEAD}`, texted)).then(async ({ rows }) => expect(await rows('SELECT * FROM account_streams')).toEqual([])));
});
