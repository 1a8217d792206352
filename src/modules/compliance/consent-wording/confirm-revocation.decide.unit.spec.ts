import { describe, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { ComplianceEvent } from '../compliance.events';
import { confirmRevocationDecider, NOTHING_TO_CONFIRM } from './confirm-revocation.decide';

const spec = deciderSpecification(confirmRevocationDecider);
const unclear = (messageId: string, channel: 'text' | 'email' = 'text'): ComplianceEvent => ({
  type: 'ConsentWordingUnclear',
  data: { userId: 'u1', leadId: 'l1', messageId, channel, rulesVersion: 'v' },
});
const confirmed = (messageId: string, channel: 'text' | 'email' = 'text'): ComplianceEvent => ({
  type: 'ConsentRevocationConfirmed',
  data: { userId: 'u1', leadId: 'l1', messageId, channel, byUserId: 'a1' },
});

describe("the agent confirms a lead's unclear message as a revocation", () => {
  it('given an unclear text, when the agent confirms, then the text channel is revoked by their reading', () => {
    spec
      .given(unclear('m1'))
      .when({ leadId: 'l1', byUserId: 'a1' })
      .then([confirmed('m1')]);
  });

  it('given two unclear messages, then the newest is the one confirmed', () => {
    spec
      .given(unclear('m1', 'email'), unclear('m2'))
      .when({ leadId: 'l1', byUserId: 'a1' })
      .then([confirmed('m2')]);
  });

  it('given nothing unclear, or only answered questions, then 409 with a message', () => {
    spec.given().when({ leadId: 'l1', byUserId: 'a1' }).thenRefused({ code: 'conflict', message: NOTHING_TO_CONFIRM });
    spec.given(unclear('m1'), confirmed('m1')).when({ leadId: 'l1', byUserId: 'a1' }).thenRefused({ code: 'conflict', message: NOTHING_TO_CONFIRM });
  });
});
