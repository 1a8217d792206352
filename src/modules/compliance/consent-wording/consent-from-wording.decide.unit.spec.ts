import { describe, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { AccountEvent } from '../../accounts/accounts.events';
import { CONSENT_WORDING_RULES } from './consent-wording-rules';
import { consentFromWordingDecider, type ConsentFromWording } from './consent-from-wording.decide';

const at = '2026-11-29T15:00:00.000Z';
const spec = deciderSpecification(consentFromWordingDecider);
const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    siteId: 's1',
    officeId: null,
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    cellPhone: '5125550100',
    securityLevel: 5,
    via: 'inquiry',
  },
};
const consent = (channel: 'text' | 'email', granted: boolean): AccountEvent => ({
  type: 'ConsentChanged',
  data: { userId: 'u1', channel, granted, how: 'registration', from: 'inquiry form on jane', at },
});
const reply = (body: string, channel: 'text' | 'email' = 'text'): ConsentFromWording => ({ userId: 'u1', leadId: 'l1', messageId: 'm1', channel, body, at });
const version = CONSENT_WORDING_RULES.version;

describe("consent from the lead's own words", () => {
  it('given text consent, when the lead writes "please stop texting me", then text consent is off with the words as evidence', () => {
    spec
      .given(registered, consent('text', true))
      .when(reply('Please stop texting me!'))
      .then([
        {
          type: 'ConsentChanged',
          data: {
            userId: 'u1',
            channel: 'text',
            granted: false,
            how: 'text-reply',
            from: `a text reply in the lead's words (rules ${version}): "Please stop texting me!"`,
            at,
          },
        },
      ]);
  });

  it('given e-mail consent, when an e-mail reply says "remove me from your list", then e-mail consent only is off', () => {
    spec
      .given(registered, consent('email', true), consent('text', true))
      .when(reply('Remove me from your list', 'email'))
      .thenState((s) => {
        if (!s.exists) throw new Error('no account');
        if (s.consent.email !== false || s.consent.text !== true) throw new Error(`consent ${JSON.stringify(s.consent)}`);
      });
  });

  it('given a revoked channel, when the lead writes "no me escribas más" again, then nothing (the ledger holds one change)', () => {
    spec.given(registered, consent('text', false)).when(reply('No me escribas más')).thenNothing();
  });

  it('given a revoked channel, when the lead writes "start", then text consent is on again', () => {
    spec
      .given(registered, consent('text', false))
      .when(reply('unstop'))
      .then([
        {
          type: 'ConsentChanged',
          data: { userId: 'u1', channel: 'text', granted: true, how: 'text-reply', from: `a text reply in the lead's words (rules ${version}): "unstop"`, at },
        },
      ]);
  });

  it('given text consent, when the lead writes "stop by at 5?", then consent stays and the agent is asked to confirm', () => {
    spec
      .given(registered, consent('text', true))
      .when(reply('stop by at 5?'))
      .then([{ type: 'ConsentWordingUnclear', data: { userId: 'u1', leadId: 'l1', messageId: 'm1', channel: 'text', rulesVersion: version } }]);
  });

  it('given text consent, when the lead asks about the house, then nothing', () => {
    spec.given(registered, consent('text', true)).when(reply('Is there a garage?')).thenNothing();
  });

  it('given no account, then nothing', () => {
    spec.given().when(reply('stop texting me')).thenNothing();
  });
});
