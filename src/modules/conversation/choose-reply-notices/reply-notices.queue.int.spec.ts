import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { LeadEmailReceived, SmsEvent } from '../conversation.events';
import { REPLY_NOTICES_SIGNAL, replyNoticesProjection } from './reply-notices.queue';

const LEAD = specId(1);
const texted = (n: number, fresh = true): GivenEvent & SmsEvent => ({
  type: 'TextMessageReceived',
  data: { leadId: LEAD, siteId: specId(2), messageId: specId(300 + n), from: '+12065550100', body: 'Is it still available?', media: [], providerId: `SM${n}` },
  eventId: specId(100 + n),
  ...(fresh ? { metadata: appendedNow() } : {}),
});
const emailed = (n: number): GivenEvent & LeadEmailReceived => ({
  type: 'LeadEmailReceived',
  data: { leadId: LEAD, siteId: specId(2), messageId: specId(300 + n), from: 'ada@example.com', subject: 'Re: homes', body: 'Yes please', attachments: [] },
  eventId: specId(100 + n),
  metadata: appendedNow(),
});
const noticesOf = (eventIds: readonly string[]) =>
  ['SELECT event_id, channel, reply_kind FROM reply_notice_outbox WHERE event_id = ANY($1) ORDER BY event_id, channel', [eventIds]] as const;

describe('reply notice outbox', () => {
  const spec = projectionSpecification(replyNoticesProjection);

  it("given nothing, when a lead texts and e-mails back, then each reply queues a notice on both of the agent's channels, and the senders are woken once", () =>
    spec
      .given()
      .when(texted(1), emailed(2))
      .then(async ({ rows, signals }) => {
        expect(await rows(...noticesOf([specId(101), specId(102)]))).toEqual([
          { event_id: specId(101), channel: 'email', reply_kind: 'text' },
          { event_id: specId(101), channel: 'text', reply_kind: 'text' },
          { event_id: specId(102), channel: 'email', reply_kind: 'email' },
          { event_id: specId(102), channel: 'text', reply_kind: 'email' },
        ]);
        expect(signals).toEqual([{ signal: REPLY_NOTICES_SIGNAL, payload: { queued: 4 } }]);
      }));

  it('given a reply queued, when it is replayed, then nothing is queued twice and nobody is woken', () =>
    spec
      .given(texted(3))
      .when(texted(3))
      .then(async ({ rows, signals }) => {
        expect(await rows(...noticesOf([specId(103)]))).toHaveLength(2);
        expect(signals).toEqual([]);
      }));

  it('given nothing, when a reply from before the outbox existed is replayed, then no notice goes out', () =>
    spec
      .given()
      .when(texted(4, false))
      .then(async ({ rows }) => expect(await rows(...noticesOf([specId(104)]))).toEqual([])));
});
