import { Inject, Injectable } from '@nestjs/common';
import { SearchIndex } from '../../../../projections/search';
import { loadAccount, userIdByEmail } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { renderShareEmail } from './share-mail';
import { SHARE_MAIL_PUSH } from './share-mail.queue';

type Row = { mail_id: string; user_id: string; site_id: string; pdid: string; to_email: string; message: string };
const OUTBOX = { table: 'share_mail_outbox', key: 'mail_id', columns: 'mail_id, user_id, site_id, pdid, to_email, message', order: 'attempts, shared_at' };

/**
 * Sends the share e-mails the share_mail projection queued in share_mail_outbox (one row per
 * ListingShared event), woken by the projection's push and swept every 2 s, one row at a time
 * through the messaging context's mail outbox (sendOneFromOutbox: taken under its row lock,
 * sent and marked in one transaction).
 */
@Injectable()
export class ShareMailSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
  ) {
    super(kit, { name: 'share-mail', signal: SHARE_MAIL_PUSH, table: OUTBOX });
  }

  /** The e-mail, or what the row is left as: dropped (its lead, listing or site is gone), suppressed (the address's owner turned e-mail off). */
  protected async compose(row: Row): Promise<MailPlan> {
    const { account: lead } = await loadAccount(this.kit.store, row.user_id);
    const [listing] = await this.index.listings([row.pdid]);
    const site = await this.sites.byId(row.site_id);
    if (!lead.exists || !listing || !site) return { state: 'dropped' };
    // The consent ledger: someone with an account here who turned e-mail off gets none this way either.
    const recipientId = await userIdByEmail(this.kit.store, row.to_email);
    if (recipientId) {
      const { account: recipient } = await loadAccount(this.kit.store, recipientId);
      if (recipient.exists && !recipient.consent.email) return { state: 'suppressed' };
    }
    return {
      message: renderShareEmail({
        to: row.to_email,
        from: { firstName: lead.firstName, email: lead.email },
        message: row.message,
        listing,
        siteName: site.name,
        baseUrl: siteBaseUrl(site, this.kit.config.publicUrl),
      }),
    };
  }
}
