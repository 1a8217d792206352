import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { LeadEmailSent } from '../conversation.events';
import { LEAD_EMAIL_PUSH, leadEmailMailId, leadEmailOutboxProjection } from './lead-email.queue';

const sent = (n: number, fresh = true): GivenEvent & LeadEmailSent => ({
  type: 'LeadEmailSent',
  data: {
    leadId: specId(1),
    siteId: specId(2),
    messageId: specId(100 + n),
    byUserId: specId(3),
    subject: `Homes for you ${n}`,
    body: 'Hi Ada,\nthree new homes.',
    templateId: null,
  },
  ...(fresh ? { metadata: appendedNow() } : {}),
});
const queued = (n: number) => ({ text: 'SELECT subject, body, state FROM lead_email_outbox WHERE mail_id = $1', values: [leadEmailMailId(specId(100 + n))] });

describe('lead e-mail outbox', () => {
  const spec = projectionSpecification(leadEmailOutboxProjection);

  it("given nothing, when an agent's e-mail is recorded, then it is queued pending with its words and the sender is woken", () =>
    spec
      .given()
      .when(sent(1))
      .then(async ({ rows, signals }) => {
        const q = queued(1);
        expect(await rows(q.text, q.values)).toEqual([{ subject: 'Homes for you 1', body: 'Hi Ada,\nthree new homes.', state: 'pending' }]);
        expect(signals).toEqual([{ signal: LEAD_EMAIL_PUSH, payload: { queued: 1 } }]);
      }));

  it('given an e-mail queued, when it is applied again (a replay), then it is queued once and nobody is woken', () =>
    spec
      .given(sent(2))
      .when(sent(2))
      .then(async ({ rows, signals }) => {
        expect(await rows('SELECT count(*)::int AS n FROM lead_email_outbox WHERE message_id = $1', [specId(102)])).toEqual([{ n: 1 }]);
        expect(signals).toEqual([]);
      }));

  it('given nothing, when an e-mail from before the outbox existed is replayed, then it is not sent again', () =>
    spec
      .given()
      .when(sent(3, false))
      .then(async ({ rows }) => {
        const q = queued(3);
        expect(await rows(q.text, q.values)).toEqual([]);
      }));
});
