import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../src/modules/messaging';
import { TwilioSms } from '../../src/modules/messaging/sms/twilio.sms';
import { TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN, twilioStandIn } from '../support/twilio-stand-in';

/** The Twilio adapter against a stand-in speaking Twilio's Messages API over HTTP: how its refusals read under the outboxes' retry policy. */
describe("Twilio's refusals under the retry policy", () => {
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;
  let sms: TwilioSms;
  beforeAll(async () => {
    twilio = await twilioStandIn();
    sms = new TwilioSms({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN, from: TWILIO_FROM, apiUrl: twilio.url }, 'https://porchlight.test');
  });
  afterAll(() => twilio.close());

  it('an invalid number (21211) is a permanent refusal, its reason without the number', async () => {
    const err = await sms.send({ to: '5555550000', body: 'Hi', mediaUrl: null }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failureOf(err)).toEqual({
      permanent: true,
      reason: "Twilio 21211: Twilio refused the message (400: The 'To' number <number> is not a valid phone number.)",
    });
  });

  it('Twilio out of reach is worth another try', async () => {
    const down = new TwilioSms({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN, from: TWILIO_FROM, apiUrl: 'http://127.0.0.1:9' }, 'https://porchlight.test');
    const err = await down.send({ to: '2065550100', body: 'Hi', mediaUrl: null }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failureOf(err).permanent).toBe(false);
  });
});
