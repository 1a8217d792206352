import { Inject, Injectable } from '@nestjs/common';
import { CommunicationLinks, loadAccount, SecretKey } from '../../accounts';
import { recordEmailWithheld, UNSUBSCRIBED_REASON } from '../../compliance';
import { loadLead } from '../../leads';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { cmaPagePath, signCmaLink } from '../cma/cma-link';
import { cmaEstimate } from '../cma/cma-estimate';
import { loadCma } from '../cma/load-cma';
import { cmaVersionComps } from '../cma/cma-version';
import { evolveSellerHome, initialSellerHome } from '../seller-lead/seller-home';
import { sellerHomeStream, type ValuationEvent } from '../valuation.events';
import { renderCmaEmail } from './cma-email';
import { digestLinks } from './digest-link';
import { homeDigestFacts } from './home-digest-facts';
import { renderHomeDigestEmail } from './home-digest-email';
import { SELLER_MAIL_SIGNAL } from './seller-mail.queue';
import { marketReportFacts, marketStopLinks, renderMarketReportEmail } from '../../market-reports';
import { marketSubscriptionsOf } from '../../../../projections/market-subscribers';

type Row = { mail_id: string; kind: string; lead_id: string; ref: string };
const OUTBOX = { table: 'seller_mail_outbox', key: 'mail_id', columns: 'mail_id, kind, lead_id, ref', order: 'attempts, queued_at', lead: 'lead_id' };

export const street = (address: string) => address.split(',')[0]!.trim() || address;

/**
 * Sends the seller leads' e-mails queued in seller_mail_outbox (a CMA's link, by the seller_mail
 * projection; the month's homeowner digest and market report e-mail, by the monthly sweep), woken
 * by its signal and swept every 2 s, one row at a time through the messaging context's mail outbox.
 * Composed when it goes out, from the events and the lead as they are then: a lead who turned
 * e-mail off since is `suppressed`, with why on its timeline (recordEmailWithheld); a digest turned off since, `off`; a lead, site, CMA or home
 * gone, `dropped`. Nothing personal is logged.
 */
@Injectable()
export class SellerMailSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CommunicationLinks) private readonly communication: CommunicationLinks,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {
    super(kit, { name: 'seller-mail', signal: SELLER_MAIL_SIGNAL, table: OUTBOX });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const { lead } = await loadLead(this.kit.store, row.lead_id);
    if (!lead.exists) return { state: 'dropped' };
    const { account } = await loadAccount(this.kit.store, lead.userId);
    if (!account.exists) return { state: 'dropped' };
    if (!account.consent.email) {
      // Not composed, and the timeline says why, as for a property alert refused the same way (once per row: its id is the message's).
      await recordEmailWithheld(this.kit.store, lead.email, { leadId: lead.leadId, messageId: row.mail_id, withheld: UNSUBSCRIBED_REASON });
      return { state: 'suppressed' };
    }
    const site = await this.sites.byId(lead.siteId);
    if (!site) return { state: 'dropped' };
    const baseUrl = siteBaseUrl(site, this.kit.config.publicUrl);
    const unsubscribe = await this.communication.unsubscribeLinks(lead.userId, site);
    const firstName = account.firstName || lead.fullName.split(' ')[0] || 'there';
    const unsubscribeParts = { email: unsubscribe.unsubscribe_email, headers: unsubscribe.headers };
    if (row.kind === 'market') {
      const areas = await marketReportFacts(this.kit.pool, await marketSubscriptionsOf(this.kit.pool, lead.leadId), row.ref);
      if (areas.length === 0) return { state: 'dropped' };
      const stop = marketStopLinks(
        await this.secret.get(),
        baseUrl,
        lead.leadId,
        areas.map((a) => a.slug),
      );
      return { message: renderMarketReportEmail({ to: lead.email, firstName, siteName: site.name, baseUrl, areas, unsubscribe: unsubscribeParts, stop }) };
    }
    if (row.kind === 'digest') {
      const home = (await this.kit.store.readStream(sellerHomeStream(lead.leadId))) as unknown as ValuationEvent[];
      const state = home.reduce(evolveSellerHome, initialSellerHome());
      const latest = state.requests.at(-1);
      // Turned off after the month's row was queued: none this month.
      if (!state.digest || !latest) return { state: 'off' };
      const facts = await homeDigestFacts(this.kit.pool, latest, row.ref);
      if (!facts) return { state: 'dropped' };
      const links = digestLinks(await this.secret.get(), baseUrl, lead.leadId, row.ref);
      return {
        message: renderHomeDigestEmail({
          to: lead.email,
          firstName,
          siteName: site.name,
          street: street(latest.address),
          facts,
          cmaLink: links.click,
          pixel: links.pixel,
          unsubscribe: unsubscribeParts,
        }),
      };
    }
    const loaded = await loadCma(this.kit.store, lead.leadId).catch(() => null);
    const sent = loaded?.cma.sends.get(row.ref);
    if (!loaded || !sent) return { state: 'dropped' };
    const { account: agent } = await loadAccount(this.kit.store, sent.byUserId);
    const token = signCmaLink(await this.secret.get(), {
      leadId: lead.leadId,
      sendId: sent.sendId,
      version: sent.version,
      expiresAt: new Date(sent.expiresAt),
    });
    const comps = await cmaVersionComps(this.kit.store, loaded, sent.version);
    return {
      message: renderCmaEmail({
        to: lead.email,
        firstName,
        agentName: agent.exists ? `${agent.firstName} ${agent.lastName}`.trim() || site.name : site.name,
        siteName: site.name,
        street: street(loaded.home.address),
        estimate: cmaEstimate(comps),
        link: `${baseUrl}${cmaPagePath(token)}`,
        expiresOn: sent.expiresAt.slice(0, 10),
        unsubscribe: unsubscribeParts,
      }),
    };
  }
}
