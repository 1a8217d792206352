import { describe, expect, it } from 'vitest';
import { carrierKeyword } from './sms.port';
import { TwilioSms, twilioSignature } from './twilio.sms';

// Twilio's published example (twilio.com/docs/usage/security, and its helper libraries' tests).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };

describe("Twilio's request signature", () => {
  it("matches Twilio's published example (URL with its query, then the parameters by name)", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature(TOKEN, URL, { ...PARAMS, Caller: '+14158675310', From: '+14158675310' })).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
  });

  it('signs a repeated name once per value, values in order', () => {
    expect(twilioSignature(TOKEN, URL, { A: ['2', '1'] })).toBe(twilioSignature(TOKEN, `${URL}A1`, { A: '2' }));
  });

  it('takes a reply only with a signature over exactly that URL and those parameters', () => {
    const twilio = new TwilioSms({ accountSid: 'AC0123456789', authToken: TOKEN, from: '+12065550000', apiUrl: 'http://127.0.0.1:9' }, 'https://mycompany.com');
    const params = { ...PARAMS, Body: 'STOP' };
    const signed = (signature: string | undefined, url = URL) =>
      twilio.parseInbound({ url, params, headers: signature === undefined ? {} : { 'x-twilio-signature': signature } });
    const good = twilioSignature(TOKEN, URL, params);
    expect(signed(good)).toEqual({ from: '+14158675309', to: '+18005551212', body: 'STOP', providerId: '', media: [] });
    expect(signed(undefined)).toBeNull();
    expect(signed('')).toBeNull();
    expect(signed(good, 'https://mycompany.com/myapp.php')).toBeNull();
    expect(signed(twilioSignature('another-token', URL, params))).toBeNull();
    expect(signed(good.slice(0, -2))).toBeNull();
  });

  it('reads an MMS: its sid and each media address with its type, at most ten', () => {
    const twilio = new TwilioSms({ accountSid: 'AC0123456789', authToken: TOKEN, from: '+12065550000', apiUrl: 'http://127.0.0.1:9' }, 'https://mycompany.com');
    const params = {
      ...PARAMS,
      Body: 'Look',
      MessageSid: 'MM1',
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/a',
      MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/b',
      MediaContentType1: 'image/png',
    };
    const reply = twilio.parseInbound({ url: URL, params, headers: { 'x-twilio-signature': twilioSignature(TOKEN, URL, params) } });
    expect(reply).toEqual({
      from: '+14158675309',
      to: '+18005551212',
      body: 'Look',
      providerId: 'MM1',
      media: [
        { url: 'https://api.twilio.com/a', contentType: 'image/jpeg' },
        { url: 'https://api.twilio.com/b', contentType: 'image/png' },
      ],
    });
  });
});

describe('carrier keywords', () => {
  it('are a whole reply of one keyword, in any case and with punctuation; anything more is a message for the agent', () => {
    expect(['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE', 'cancel', 'End', 'QUIT', 'stopall'].map(carrierKeyword)).toEqual(Array(8).fill('stop'));
    expect(['START', 'unstop'].map(carrierKeyword)).toEqual(['start', 'start']);
    expect(['HELP', 'info?'].map(carrierKeyword)).toEqual(['help', 'help']);
    expect(['Yes', 'Yes saturday works', 'stop by on Saturday?', 'help me find a house', ''].map(carrierKeyword)).toEqual([null, null, null, null, null]);
  });
});
