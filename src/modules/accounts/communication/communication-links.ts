import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { type ResolvedSite, siteBaseUrl } from '../../sites';
import { COMMUNICATION_MARKERS, type CommunicationMarker } from '../../../contract/prompt-rules';
import { SecretKey } from '../secret-key';
import { signCommunicationToken } from './communication-token';

export type UnsubscribeLinks = Record<CommunicationMarker, string> & {
  /** RFC 8058 one-click address (POST with List-Unsubscribe=One-Click). */
  readonly oneClick: string;
  /** Headers for every marketing e-mail. */
  readonly headers: { readonly 'List-Unsubscribe': string; readonly 'List-Unsubscribe-Post': string };
};

/** The mailer's helper (issue 8): the four communication links and the one-click headers for one user. */
@Injectable()
export class CommunicationLinks {
  constructor(
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async unsubscribeLinks(userId: string, site?: Pick<ResolvedSite, 'DomainName' | 'isDefault' | 'subdomain'>): Promise<UnsubscribeLinks> {
    const key = await this.secret.get();
    const base = site ? siteBaseUrl(site, this.config.publicUrl) : this.config.publicUrl;
    const links = Object.fromEntries(
      COMMUNICATION_MARKERS.map((m) => [m, `${base}/?${m}=${encodeURIComponent(signCommunicationToken(key, userId, m))}`]),
    ) as Record<CommunicationMarker, string>;
    const oneClick = `${base}/api/account/unsubscribe/oneclick?token=${encodeURIComponent(signCommunicationToken(key, userId, 'unsubscribe_email'))}`;
    return { ...links, oneClick, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }
}
