import { createHash, randomBytes } from 'node:crypto';
import type { MailboxOAuthClient } from '../../../config/config';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../contract/mailbox';
import { MailboxProblem } from '../connect/mail-servers';
import type { MailServer } from '../mailbox.events';

export { OAUTH_PROVIDERS, type OAuthProvider };

const NAME: Record<OAuthProvider, string> = { gmail: 'Google', microsoft: 'Microsoft' };

/**
 * What each provider's consent is asked for: IMAP and SMTP through XOAUTH2, a refresh token
 * (Google: access_type=offline with prompt=consent, else a second consent answers none;
 * Microsoft: offline_access), and the address (openid email: the id_token's `email`).
 */
const SCOPES: Record<OAuthProvider, string> = {
  gmail: 'https://mail.google.com/ openid email',
  microsoft: 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access openid email',
};
const EXTRA: Record<OAuthProvider, Record<string, string>> = { gmail: { access_type: 'offline', prompt: 'consent' }, microsoft: { prompt: 'select_account' } };

/** An access token and when it ends; `refreshToken` when the provider gave one (always at consent, on renewal when it rotates). */
export type Tokens = { readonly accessToken: string; readonly expiresAt: Date; readonly refreshToken: string | null; readonly email: string | null };

export const callbackPath = (provider: OAuthProvider) => `/api/dashboard/emailintegration/oauth/${provider}/callback`;

/** PKCE (RFC 7636): a verifier kept on our side, its S256 challenge sent with the consent. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(provider: OAuthProvider, client: MailboxOAuthClient, p: { redirectUri: string; state: string; challenge: string }): string {
  const url = new URL(client.authorizeUrl);
  const params = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: p.redirectUri,
    scope: SCOPES[provider],
    state: p.state,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    ...EXTRA[provider],
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** imaps://host:993 → TLS at once; imap://host:143 → STARTTLS (required except to this machine). */
export function serverOf(url: string): MailServer {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:' || u.protocol === 'smtps:';
  const fallback = u.protocol.startsWith('imap') ? (secure ? 993 : 143) : secure ? 465 : 587;
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: u.port ? Number(u.port) : fallback, secure };
}

/**
 * The `email` of an id_token. Its signature is not checked: it came straight from the token
 * endpoint over TLS in answer to our client's authenticated request (OpenID Connect Core 3.1.3.7),
 * and it only names the address; the servers still decide what the access token opens.
 */
function emailOf(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const email = claims.email ?? claims.preferred_username;
    return typeof email === 'string' && email.includes('@') ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

type TokenAnswer = { access_token?: unknown; expires_in?: unknown; refresh_token?: unknown; id_token?: unknown; error?: unknown };

/** A form-encoded token request (RFC 6749 §4.1.3 and §6); `invalid_grant` is a refresh token revoked or expired: the agent must consent again. */
async function tokenRequest(provider: OAuthProvider, client: MailboxOAuthClient, grant: Record<string, string>): Promise<Tokens> {
  const body = new URLSearchParams({ ...grant, client_id: client.clientId, client_secret: client.clientSecret });
  let res: Response;
  try {
    res = await fetch(client.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new MailboxProblem(`Could not reach ${NAME[provider]}'s sign-in service`, false);
  }
  const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
  if (answer.error === 'invalid_grant')
    throw new MailboxProblem(`${NAME[provider]} no longer gives access to your mailbox (the access was revoked or has expired); connect it again`, true);
  if (!res.ok || typeof answer.access_token !== 'string') {
    const code = typeof answer.error === 'string' ? answer.error.replace(/[^a-z_]/gi, '').slice(0, 60) : `HTTP ${res.status}`;
    throw new MailboxProblem(`${NAME[provider]}'s sign-in service refused the request (${code})`, res.status === 400 || res.status === 401);
  }
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : Number(answer.expires_in) || 3600;
  return {
    accessToken: answer.access_token,
    expiresAt: new Date(Date.now() + seconds * 1000),
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    email: emailOf(answer.id_token),
  };
}

export const exchangeCode = (provider: OAuthProvider, client: MailboxOAuthClient, p: { code: string; verifier: string; redirectUri: string }) =>
  tokenRequest(provider, client, { grant_type: 'authorization_code', code: p.code, code_verifier: p.verifier, redirect_uri: p.redirectUri });

export const refreshTokens = (provider: OAuthProvider, client: MailboxOAuthClient, refreshToken: string) =>
  tokenRequest(provider, client, { grant_type: 'refresh_token', refresh_token: refreshToken });

export const providerName = (provider: OAuthProvider) => NAME[provider];
