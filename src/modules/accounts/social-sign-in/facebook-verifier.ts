import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import type { SocialIdentity } from './social-identity';

const log = logger('facebook');

/**
 * Checks a Facebook user access token at FACEBOOK_GRAPH_URL: debug_token (with the app token)
 * must say it is valid and was issued to FACEBOOK_APP_ID; the profile is then read with that
 * token and an appsecret_proof. Facebook's e-mail is not treated as verified.
 */
@Injectable()
export class FacebookVerifier {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async verify(accessToken: string): Promise<SocialIdentity | null> {
    const { appId, appSecret, graphUrl } = this.config.facebook;
    if (!appId || !appSecret) throw new AppError('unavailable', 'Facebook sign-in is not configured on this server');
    try {
      const debug = await getJson(`${graphUrl}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: `${appId}|${appSecret}` })}`);
      const data = (debug as { data?: { is_valid?: unknown; app_id?: unknown; user_id?: unknown } }).data;
      if (!data || data.is_valid !== true || String(data.app_id) !== appId || typeof data.user_id !== 'string') return null;
      const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
      const me = (await getJson(
        `${graphUrl}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: accessToken, appsecret_proof: proof })}`,
      )) as { id?: unknown; email?: unknown; first_name?: unknown; last_name?: unknown };
      if (me.id !== data.user_id) return null;
      const str = (v: unknown) => (typeof v === 'string' ? v : null);
      return {
        provider: 'facebook',
        subject: data.user_id,
        email: str(me.email),
        emailVerified: false,
        givenName: str(me.first_name) ?? '',
        familyName: str(me.last_name) ?? '',
      };
    } catch (err) {
      log.debug('access token check failed', { name: (err as Error).name });
      return null;
    }
  }
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`Graph answered ${res.status}`);
  return res.json();
}
