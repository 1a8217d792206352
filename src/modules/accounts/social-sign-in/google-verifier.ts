import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import type { SocialIdentity } from './social-identity';

const log = logger('google');
const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

type RemoteKeySet = ReturnType<typeof import('jose').createRemoteJWKSet>;

/**
 * Verifies a Google ID token (the `credential` of Google Identity Services): signature against
 * the key set at GOOGLE_JWKS_URL (RS256 only, so `alg: none` and HMAC tricks fail), audience
 * GOOGLE_CLIENT_ID, issuer accounts.google.com, expiry. Nothing else about the user is trusted.
 */
@Injectable()
export class GoogleVerifier {
  private keys: RemoteKeySet | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** The verified identity, or null for any token that does not pass. */
  async verify(credential: string): Promise<SocialIdentity | null> {
    const audience = this.config.google.clientId;
    if (!audience) throw new AppError('unavailable', 'Google sign-in is not configured on this server');
    // jose is ESM-only; a dynamic import keeps it loadable from the CommonJS build.
    const jose = await import('jose');
    this.keys ??= jose.createRemoteJWKSet(new URL(this.config.google.jwksUrl), { timeoutDuration: 5_000 });
    try {
      const { payload } = await jose.jwtVerify(credential, this.keys, { issuer: ISSUERS, audience, algorithms: ['RS256'], clockTolerance: 30 });
      if (typeof payload.sub !== 'string' || !payload.sub) return null;
      const str = (v: unknown) => (typeof v === 'string' ? v : null);
      return {
        provider: 'google',
        subject: payload.sub,
        email: str(payload.email),
        emailVerified: payload.email_verified === true,
        givenName: str(payload.given_name) ?? '',
        familyName: str(payload.family_name) ?? '',
      };
    } catch (err) {
      log.debug('ID token refused', { code: (err as { code?: string }).code });
      return null;
    }
  }
}
