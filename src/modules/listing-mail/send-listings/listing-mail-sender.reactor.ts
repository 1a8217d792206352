import { Inject, Injectable } from '@nestjs/common';
import { SearchIndex } from '../../../../projections/search';
import { CommunicationLinks, loadAccount } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { type ListingMailEvent, listingMailStream } from '../listing-mail.events';
import { loadLead } from '../../leads';
import { ListingMailLinks } from './listing-mail-links';
import { LISTING_MAIL_SIGNAL } from './listing-mail.queue';
import { renderListingsEmail } from './listings-email';

type Row = { mail_id: string; message_id: string; lead_id: string };
const OUTBOX = { table: 'listing_mail_outbox', key: 'mail_id', columns: 'mail_id, message_id, lead_id', order: 'attempts, queued_at', lead: 'lead_id' };

/**
 * Sends the e-mails of listings agents send leads, which the listing_mail projection queued in
 * listing_mail_outbox (one row per ListingsSentToLead), woken by the projection's signal and
 * swept every 2 s, one row at a time through the messaging context's mail outbox (taken under its
 * row lock, sent and marked in one transaction). The e-mail is composed when it goes out, from
 * the event, the lead and the listings as they are then: a lead who turned e-mail off since is
 * `suppressed`; a lead, site or every listing gone, `dropped`. Nothing personal is logged.
 */
@Injectable()
export class ListingMailSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CommunicationLinks) private readonly communication: CommunicationLinks,
    @Inject(ListingMailLinks) private readonly links: ListingMailLinks,
  ) {
    super(kit, { name: 'listing-mail', signal: LISTING_MAIL_SIGNAL, table: OUTBOX });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const events = (await this.kit.store.readStream(listingMailStream(row.message_id))) as unknown as ListingMailEvent[];
    const sent = events.find((e) => e.type === 'ListingsSentToLead')?.data;
    const { lead } = await loadLead(this.kit.store, row.lead_id);
    if (!sent || !lead.exists) return { state: 'dropped' };
    const [{ account }, { account: agent }] = await Promise.all([loadAccount(this.kit.store, lead.userId), loadAccount(this.kit.store, sent.byUserId)]);
    if (!account.exists) return { state: 'dropped' };
    // The consent ledger decides again when it goes out: a lead who turned e-mail off since gets none.
    if (!account.consent.email) return { state: 'suppressed' };
    const [listings, site] = await Promise.all([this.index.listings(sent.pdids), this.sites.byId(sent.siteId)]);
    if (listings.length === 0 || !site) return { state: 'dropped' };
    const baseUrl = siteBaseUrl(site, this.kit.config.publicUrl);
    const unsubscribe = await this.communication.unsubscribeLinks(lead.userId, site);
    return {
      message: renderListingsEmail({
        to: lead.email,
        firstName: account.firstName || lead.fullName.split(' ')[0] || 'there',
        agentName: agent.exists ? `${agent.firstName} ${agent.lastName}`.trim() || site.name : site.name,
        note: sent.note,
        listings,
        links: await this.links.forMessage(sent.messageId, baseUrl),
        siteName: site.name,
        baseUrl,
        unsubscribe: { email: unsubscribe.unsubscribe_email, headers: unsubscribe.headers },
      }),
    };
  }
}
