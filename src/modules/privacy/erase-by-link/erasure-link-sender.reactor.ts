import { Inject, Injectable } from '@nestjs/common';
import { loadAccount, SecretKey } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { erasedAddress } from '../privacy.events';
import { ERASURE_LINK_MINUTES, signErasureLinkToken } from './erasure-link-token';

type Row = { request_id: string; user_id: string; site_id: string | null; requested_at: Date };
const OUTBOX = { table: 'erasure_link_outbox', key: 'request_id', columns: 'request_id, user_id, site_id, requested_at', order: 'attempts, requested_at' };

/** Where a mailed erasure link leads: the confirmation page, which erases only on its button (a POST). */
export const ERASE_CONFIRM_PAGE = '/account/erase';

/**
 * Mails the links the person asked for to confirm erasing their account (POST /api/account/erase
 * without a password), one row at a time through the messaging context's mail outbox. The address
 * is the account's at sending time; an account already erased, or gone, gets none (dropped).
 */
@Injectable()
export class ErasureLinkSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {
    // Queued by a request, not a projection: no signal, the 2 s sweep finds the row.
    super(kit, { name: 'erasure-links', table: OUTBOX });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const { account } = await loadAccount(this.kit.store, row.user_id);
    if (!account.exists || account.email === erasedAddress(row.user_id)) return { state: 'dropped' };
    const site = row.site_id ? await this.sites.byId(row.site_id) : undefined;
    const base = site ? siteBaseUrl(site, this.kit.config.publicUrl) : this.kit.config.publicUrl;
    const token = signErasureLinkToken(await this.secret.get(), { requestId: row.request_id, userId: row.user_id, issuedAt: new Date(row.requested_at) });
    const link = `${base}${ERASE_CONFIRM_PAGE}?token=${encodeURIComponent(token)}`;
    return {
      message: {
        to: account.email,
        requested: true,
        subject: 'Confirm erasing your account',
        text:
          `Someone (hopefully you) asked to erase your account and everything we hold about you.\n\n` +
          `To confirm, open this link and press the button on the page (it works once, for ${ERASURE_LINK_MINUTES} minutes):\n${link}\n\n` +
          `This cannot be undone. If you did not ask for this, ignore this message; nothing changes.\n`,
      },
    };
  }
}
