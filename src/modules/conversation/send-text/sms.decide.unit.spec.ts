import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { SmsEvent, TextMessageSent } from '../conversation.events';
import { decideTextSent, smsDecider } from './sms.decide';

const given = (...events: SmsEvent[]) => fold(smsDecider, events);
const sentData = (messageId: string): TextMessageSent['data'] => ({
  leadId: 'L',
  siteId: 'S',
  messageId,
  byUserId: 'A',
  kind: 'text',
  body: 'Hi',
  mediaUrl: null,
  providerId: `SM-${messageId}`,
});
const sent = (id: string): SmsEvent => ({ type: 'TextMessageSent', data: sentData(id) });
const received = (id: string): SmsEvent => ({
  type: 'TextMessageReceived',
  data: { leadId: 'L', siteId: 'S', messageId: id, from: '+12065550123', body: 'Yes saturday works', media: [], providerId: 'SM9' },
});

describe("an agent's text on the lead's sms stream (given / when / then)", () => {
  it('given nothing, when an agent text is recorded, then TextMessageSent', () => {
    expect(decideTextSent(sentData('m1'), given())).toEqual([sent('m1')]);
  });

  it('given the text m1 recorded, when m1 is recorded again (a retry), then nothing', () => {
    expect(decideTextSent(sentData('m1'), given(sent('m1')))).toEqual([]);
  });

  it("given the lead's reply received, when the agent answers, then TextMessageSent", () => {
    expect(decideTextSent(sentData('m2'), given(sent('m1'), received('r1')))).toEqual([sent('m2')]);
  });
});
