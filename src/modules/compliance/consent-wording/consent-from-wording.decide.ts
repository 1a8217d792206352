import type { Decider } from '../../../commands/decider';
import { type Account, type ConsentSource, decideUpdateAccount, evolveAccount, initialAccount } from '../../accounts';
import type { AccountEvent } from '../../accounts';
import type { ConsentWordingUnclear } from '../compliance.events';
import { CONSENT_WORDING_RULES, type ConsentWordingRules } from './consent-wording-rules';
import { readConsentWording } from './consent-wording';

/** A message a lead sent on a channel, read for what it says about being contacted there. */
export type ConsentFromWording = {
  readonly userId: string;
  readonly leadId: string;
  readonly messageId: string;
  readonly channel: 'text' | 'email';
  readonly body: string;
  readonly at: string;
  readonly rules?: ConsentWordingRules;
};

/** The ledger keeps the words themselves as the evidence, cut to what a text holds. */
const EVIDENCE_CHARS = 320;

/**
 * A clear revocation turns the channel's consent off, a clear restoration on (through the
 * account's own consent decide, so an unchanged consent is no event); an unclear message is
 * flagged for the agent, once, and changes nothing.
 */
export function decideConsentFromWording(c: ConsentFromWording, account: Account): (AccountEvent | ConsentWordingUnclear)[] {
  if (!account.exists) return [];
  const rules = c.rules ?? CONSENT_WORDING_RULES;
  const reading = readConsentWording(c.body, rules);
  if (reading === 'none') return [];
  if (reading === 'unclear') {
    return [
      { type: 'ConsentWordingUnclear', data: { userId: c.userId, leadId: c.leadId, messageId: c.messageId, channel: c.channel, rulesVersion: rules.version } },
    ];
  }
  const words = c.body.trim().replace(/\s+/g, ' ').slice(0, EVIDENCE_CHARS);
  const reply = c.channel === 'text' ? 'a text reply' : 'an e-mail reply';
  const source = {
    how: c.channel === 'text' ? 'text-reply' : 'email-reply',
    from: `${reply} in the lead's words (rules ${rules.version}): "${words}"`,
    at: c.at,
  } satisfies ConsentSource;
  return decideUpdateAccount({ userId: c.userId, consent: { [c.channel]: reading === 'restore' }, source }, account);
}

export const consentFromWordingDecider: Decider<Account, ConsentFromWording, AccountEvent | ConsentWordingUnclear> = {
  initialState: initialAccount,
  evolve: (state, event) => (event.type === 'ConsentWordingUnclear' ? state : evolveAccount(state, event)),
  decide: decideConsentFromWording,
};
