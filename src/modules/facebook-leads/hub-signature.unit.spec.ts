import { describe, expect, it } from 'vitest';
import { hubSignatureOf, hubSignatureValid } from './hub-signature';

describe("Meta's X-Hub-Signature-256", () => {
  const body = Buffer.from('{"object":"page","entry":[]}');

  it('holds for the HMAC-SHA256 of the exact raw body under the app secret (hex, either case)', () => {
    const header = hubSignatureOf('secret', body);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hubSignatureValid('secret', body, header)).toBe(true);
    expect(hubSignatureValid('secret', body, header.toUpperCase().replace('SHA256', 'sha256'))).toBe(true);
  });

  it('fails for another secret, another body (one byte more), another algorithm, a malformed or missing header', () => {
    const header = hubSignatureOf('secret', body);
    expect(hubSignatureValid('other', body, header)).toBe(false);
    expect(hubSignatureValid('secret', Buffer.concat([body, Buffer.from(' ')]), header)).toBe(false);
    expect(hubSignatureValid('secret', body, header.replace('sha256=', 'sha1='))).toBe(false);
    expect(hubSignatureValid('secret', body, 'sha256=abc')).toBe(false);
    expect(hubSignatureValid('secret', body, undefined)).toBe(false);
    expect(hubSignatureValid('secret', body, '')).toBe(false);
  });
});
