import { describe, expect, it } from 'vitest';
import { authorizeUrl, pkce, serverOf } from './oauth-provider';

const client = {
  clientId: 'id',
  clientSecret: 'secret',
  authorizeUrl: 'https://login.example/authorize',
  tokenUrl: 'https://login.example/token',
  imapUrl: 'imaps://imap.example',
  smtpUrl: 'smtp://smtp.example',
};

describe("a mail provider's consent", () => {
  it("asks Microsoft for IMAP and SMTP through XOAUTH2 and a refresh token, with PKCE's S256 challenge", () => {
    const { verifier, challenge } = pkce();
    expect(verifier).not.toBe(challenge);
    const q = new URL(authorizeUrl('microsoft', client, { redirectUri: 'https://crm.example/cb', state: 's', challenge })).searchParams;
    expect(q.get('scope')!.split(' ')).toEqual([
      'https://outlook.office.com/IMAP.AccessAsUser.All',
      'https://outlook.office.com/SMTP.Send',
      'offline_access',
      'openid',
      'email',
    ]);
    expect(Object.fromEntries(q)).toMatchObject({
      response_type: 'code',
      client_id: 'id',
      redirect_uri: 'https://crm.example/cb',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(q.has('client_secret')).toBe(false);
  });

  it('reads the servers its tokens open: imaps/smtps TLS at once, imap/smtp STARTTLS, default ports', () => {
    expect(serverOf('imaps://outlook.office365.com')).toEqual({ host: 'outlook.office365.com', port: 993, secure: true });
    expect(serverOf('smtp://smtp.office365.com')).toEqual({ host: 'smtp.office365.com', port: 587, secure: false });
    expect(serverOf('smtps://smtp.gmail.com:465')).toEqual({ host: 'smtp.gmail.com', port: 465, secure: true });
    expect(serverOf('imap://127.0.0.1:1143')).toEqual({ host: '127.0.0.1', port: 1143, secure: false });
  });
});
