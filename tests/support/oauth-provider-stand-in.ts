import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

type Grant = { readonly email: string; readonly challenge: string; readonly redirectUri: string };

/**
 * Google's or Microsoft's OAuth endpoints for the tests, on their wire format: `/authorize`
 * (the consent: it agrees at once, or answers access_denied when `deny`, and redirects to
 * redirect_uri with code and state), `/token` (form-encoded authorization_code with the PKCE
 * verifier, or refresh_token; JSON with access_token, expires_in, refresh_token and an id_token
 * naming the address; invalid_grant for a revoked refresh token) and `/introspect` (RFC 7662,
 * what dovecot's oauth2 passdb asks: active and email).
 */
export class OAuthProviderStandIn {
  port = 0;
  /** The consent is refused (error=access_denied). */
  deny = false;
  /** Seconds an access token lives. */
  expiresIn = 3600;
  /** Renewals answer a new refresh token and forget the old one, as Microsoft rotates them. */
  rotate = false;
  /** Each token request's grant_type, in order. */
  readonly grants: string[] = [];
  readonly authorizeRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly accessTokens = new Map<string, { email: string; until: number }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  constructor(
    private readonly email: string,
    readonly client = { id: 'porchlight-test-client', secret: 'porchlight-test-secret' },
  ) {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The person took the access back in their account: every refresh token of theirs is refused. */
  revoke(): void {
    this.refreshTokens.clear();
  }

  /** The access tokens introspection accepted, in order. */
  readonly introspected: string[] = [];

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      this.authorizeRequests.push(q);
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('state', q.get('state') ?? '');
      if (this.deny) back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        this.codes.set(code, { email: this.email, challenge: q.get('code_challenge') ?? '', redirectUri: q.get('redirect_uri')! });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return json(400, { error: 'invalid_request' });
      if (form.get('client_id') !== this.client.id || form.get('client_secret') !== this.client.secret) return json(401, { error: 'invalid_client' });
      const grant = form.get('grant_type') ?? '';
      this.grants.push(grant);
      if (grant === 'authorization_code') {
        const g = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!g || g.redirectUri !== form.get('redirect_uri') || createHash('sha256').update(verifier).digest('base64url') !== g.challenge)
          return json(400, { error: 'invalid_grant' });
        const refresh = randomBytes(16).toString('hex');
        this.refreshTokens.set(refresh, g.email);
        return json(200, { ...this.accessToken(g.email), refresh_token: refresh, id_token: idToken(g.email) });
      }
      if (grant === 'refresh_token') {
        const email = this.refreshTokens.get(form.get('refresh_token') ?? '');
        if (!email) return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        if (!this.rotate) return json(200, this.accessToken(email));
        this.refreshTokens.delete(form.get('refresh_token') ?? '');
        const refresh = randomBytes(16).toString('hex');
        this.refreshTokens.set(refresh, email);
        return json(200, { ...this.accessToken(email), refresh_token: refresh });
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/introspect') {
      const token = form.get('token') ?? '';
      const t = this.accessTokens.get(token);
      if (!t || t.until < Date.now()) return json(200, { active: false });
      this.introspected.push(token);
      return json(200, { active: true, email: t.email });
    }
    res.writeHead(404);
    res.end();
  }

  private accessToken(email: string) {
    const token = randomBytes(16).toString('hex');
    this.accessTokens.set(token, { email, until: Date.now() + this.expiresIn * 1000 });
    return { access_token: token, token_type: 'Bearer', expires_in: this.expiresIn, scope: 'https://mail.google.com/ openid email' };
  }
}

/** An id_token as the token endpoint gives it (the product reads its claims; its signature is not what is under test). */
const idToken = (email: string) =>
  ['{"alg":"RS256","typ":"JWT"}', JSON.stringify({ iss: 'stand-in', email, email_verified: true })].map((p) => Buffer.from(p).toString('base64url')).join('.') +
  '.c2lnbmF0dXJl';
