import { describe, expect, it } from 'vitest';
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
    const signed = (signature: string | undefined, url = URL) => twilio.parseInbound({ url, params, headers: signature === undefined ? {} : { 'x-twilio-signature': signature } });
    const good = twilioSignature(TOKEN, URL, params);
    expect(signed(good)).toEqual({ from: '+14158675309', body: 'STOP' });
    expect(signed(undefined)).toBeNull();
    expect(signed('')).toBeNull();
    expect(signed(good, 'https://mycompany.com/myapp.php')).toBeNull();
    expect(signed(twilioSignature('another-token', URL, params))).toBeNull();
    expect(signed(good.slice(0, -2))).toBeNull();
  });
});
