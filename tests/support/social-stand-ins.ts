import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const GOOGLE_CLIENT_ID = 'porchlight-test.apps.googleusercontent.com';
export const FB_APP = 'app-1';
export const FB_SECRET = 'fb-secret';

/** A real HTTP server on 127.0.0.1 answering JSON by path. */
export async function jsonServer(handler: (url: URL) => [number, unknown]): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const [status, body] = handler(new URL(req.url!, 'http://127.0.0.1'));
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Google's key set and Facebook's Graph API, played locally: `idToken` signs an ID token the
 * server verifies against the local key set; a Facebook access token `fb-{id}` is valid for the
 * user of that id in `facebookUsers`. `env` is the server configuration that points at them.
 */
export async function socialStandIns(facebookUsers: Record<string, { email: string; first_name: string; last_name: string }> = {}) {
  const google = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(google.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const jwks = await jsonServer(() => [200, { keys: [publicJwk] }]);
  const graph = await jsonServer((url) => {
    const token = url.searchParams.get('input_token') ?? url.searchParams.get('access_token') ?? '';
    const id = token.replace(/^fb-/, '');
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`) return [400, { error: { message: 'bad app token' } }];
      return facebookUsers[id] ? [200, { data: { is_valid: true, app_id: FB_APP, user_id: id } }] : [200, { data: { is_valid: false } }];
    }
    if (url.pathname === '/me' && facebookUsers[id]) {
      if (url.searchParams.get('appsecret_proof') !== createHmac('sha256', FB_SECRET).update(token).digest('hex'))
        return [400, { error: { message: 'bad proof' } }];
      return [200, { id, ...facebookUsers[id] }];
    }
    return [404, { error: { message: 'unknown' } }];
  });
  const now = () => Math.floor(Date.now() / 1000);
  return {
    env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `${jwks.url}/certs`, FACEBOOK_APP_ID: FB_APP, FACEBOOK_APP_SECRET: FB_SECRET, FACEBOOK_GRAPH_URL: graph.url },
    idToken: (sub: string, claims: Record<string, unknown>) =>
      new SignJWT({ email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience(GOOGLE_CLIENT_ID)
        .setSubject(sub)
        .setIssuedAt(now() - 60)
        .setExpirationTime(now() + 3600)
        .sign(google.privateKey),
    close: async () => {
      await jwks.close();
      await graph.close();
    },
  };
}
