import { Inject, Injectable } from '@nestjs/common';
import { agentListings } from '../../../../projections/search';
import { loadAccount, parseEmail, SecretKey } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { type ListingActivityEvent, type ListingReportEmailed, listingActivityStream } from '../listing-activity.events';
import { sellerReportPath, signSellerLink } from '../seller-link';
import { renderReportMail } from './report-mail';
import { REPORT_MAIL_SIGNAL } from './report-mail.queue';

type Row = { mail_id: string; send_id: string; pdid: string };
const OUTBOX = {
  table: 'listing_report_mail_outbox',
  key: 'mail_id',
  columns: 'mail_id, send_id, pdid',
  order: 'attempts, queued_at',
  heldState: 'undeliverable',
};

/**
 * Sends the listing reports agents e-mail to sellers, queued in listing_report_mail_outbox by
 * the listing_report_mail projection: woken by its signal and swept every 2 s, one row at a time
 * through the messaging context's mail outbox (taken under its row lock, sent and marked in one
 * transaction; failures on the one retry policy). Composed from the event when it goes out: an
 * address that bounced or complained since gets nothing (the mail path holds it back: `undeliverable`); a send whose personal
 * fields were erased, or whose agent or listing is gone, is `dropped`. Nothing personal is logged.
 */
@Injectable()
export class ReportMailSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {
    super(kit, { name: 'listing-report-mail', signal: REPORT_MAIL_SIGNAL, table: OUTBOX });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const events = (await this.kit.store.readStream(listingActivityStream(row.pdid))) as unknown as ListingActivityEvent[];
    const send = events.find((e): e is ListingReportEmailed => e.type === 'ListingReportEmailed' && e.data.sendId === row.send_id)?.data;
    // An erased send holds placeholders, not an address.
    const to = send ? parseEmail(send.sellerEmail) : null;
    if (!send || !to) return { state: 'dropped' };
    const { account: agent } = await loadAccount(this.kit.store, send.byUserId);
    const listing = (await agentListings(this.kit.pool, { pdids: [row.pdid], listAgentMlsIds: [] }, { offset: 0, limit: 1 })).listings[0];
    if (!agent.exists || !listing) return { state: 'dropped' };
    const publicUrl = this.kit.config.publicUrl;
    const site = agent.siteId ? await this.sites.byId(agent.siteId) : await this.sites.resolve(new URL(publicUrl).host);
    if (!site) return { state: 'dropped' };
    const token = signSellerLink(await this.secret.get(), { pdid: row.pdid, expiresAt: new Date(send.expiresAt) });
    return {
      message: renderReportMail({
        to,
        sellerName: send.sellerName,
        agent: { name: `${agent.firstName} ${agent.lastName}`.trim() || site.name, email: agent.email },
        siteName: site.name,
        address: [listing.address, listing.city].filter(Boolean).join(', ') || row.pdid,
        note: send.note,
        link: `${siteBaseUrl(site, publicUrl)}${sellerReportPath(token)}`,
        expiresOn: send.expiresAt.slice(0, 10),
      }),
    };
  }
}
