import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { SmsEvent, TextMessageReceived, TextMessageSent } from '../leads.events';
import { decideSms, smsDecider } from './sms.decide';

const given = (...events: SmsEvent[]) => fold(smsDecider, events);
const sentData = (messageId: string): TextMessageSent['data'] => ({ leadId: 'L', siteId: 'S', messageId, byUserId: 'A', kind: 'text', body: 'Hi', mediaUrl: null, providerId: `SM-${messageId}` });
const receivedData = (messageId: string, providerId: string): TextMessageReceived['data'] => ({
  leadId: 'L',
  siteId: 'S',
  messageId,
  from: '+12065550123',
  body: 'Yes saturday works',
  media: [],
  providerId,
});
const sent = (id: string): SmsEvent => ({ type: 'TextMessageSent', data: sentData(id) });
const received = (id: string, sid: string): SmsEvent => ({ type: 'TextMessageReceived', data: receivedData(id, sid) });

describe("a lead's sms stream (given / when / then)", () => {
  it('given nothing, when an agent text is recorded, then TextMessageSent', () => {
    expect(decideSms({ kind: 'sent', data: sentData('m1') }, given())).toEqual([sent('m1')]);
  });

  it('given the text m1 recorded, when m1 is recorded again (a retry), then nothing', () => {
    expect(decideSms({ kind: 'sent', data: sentData('m1') }, given(sent('m1')))).toEqual([]);
  });

  it("given an agent's text, when the lead's reply SM9 arrives, then TextMessageReceived", () => {
    expect(decideSms({ kind: 'received', data: receivedData('r1', 'SM9') }, given(sent('m1')))).toEqual([received('r1', 'SM9')]);
  });

  it('given the reply SM9 received, when the webhook delivers SM9 again (under another id), then nothing: one MessageSid, one message', () => {
    expect(decideSms({ kind: 'received', data: receivedData('r2', 'SM9') }, given(received('r1', 'SM9')))).toEqual([]);
  });

  it('given the reply SM9 received, when the reply SM10 arrives, then it is recorded', () => {
    expect(decideSms({ kind: 'received', data: receivedData('r2', 'SM10') }, given(received('r1', 'SM9')))).toEqual([received('r2', 'SM10')]);
  });
});
