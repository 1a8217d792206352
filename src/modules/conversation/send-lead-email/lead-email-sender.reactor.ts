import { Inject, Injectable } from '@nestjs/common';
import { CommunicationLinks, isValidEmail, loadAccount, SecretKey } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';
import { SiteResolver } from '../../sites';
import { loadLead } from '../../leads';
import { renderLeadEmail } from './lead-email-mail';
import { LEAD_EMAIL_PUSH } from './lead-email.queue';
import { replyAddress } from './reply-address';
import { LEAD_EMAIL_OUTBOX } from './lead-email-of-mail';
import { UNSUBSCRIBED_REASON } from '../../compliance';

type Row = { mail_id: string; message_id: string; lead_id: string; by_user_id: string; subject: string; body: string };
/** Taken oldest first; the words are cleared once done; a failing row is tried again as the outboxes' retry policy says. */
const OUTBOX = {
  table: 'lead_email_outbox',
  key: 'mail_id',
  columns: 'mail_id, message_id, lead_id, by_user_id, subject, body',
  order: 'attempts, queued_at, mail_id',
  clearWhenDone: ['subject', 'body'],
};

/**
 * Sends the e-mails agents write to leads (LeadEmailSent, queued in lead_email_outbox by the
 * lead_email_outbox projection with its checkpoint). Each row is taken with its row lock (FOR
 * UPDATE SKIP LOCKED: two instances never take the same one), sent through the Mailer port with
 * the thread's reply address and the lead's unsubscribe footer and headers, and marked sent
 * (its words cleared) in that one transaction: a crash before the commit leaves it pending and
 * it goes out after restart; only a death between the relay accepting it and the commit can
 * send it twice (no relay joins our transaction). Consent is checked again at sending: a lead
 * who unsubscribed meanwhile gets nothing. Woken by the projection's signal, swept every 2 s (MailOutboxSender).
 */
@Injectable()
export class LeadEmailSender extends MailOutboxSender<Row> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CommunicationLinks) private readonly links: CommunicationLinks,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {
    // Neither the address nor the words are logged, nor the relay's message (it may quote the address).
    // Several at once: an action plan's step falling due for many leads at the same instant mails them all (bounded: each holds a pooled connection).
    super(kit, { name: LEAD_EMAIL_OUTBOX, signal: LEAD_EMAIL_PUSH, table: OUTBOX, concurrency: 6 });
  }

  /** Sent, or left unsent for good: dropped (the lead or its address is gone), suppressed (the lead unsubscribed since). */
  protected async compose(row: Row): Promise<MailPlan> {
    const { lead } = await loadLead(this.kit.store, row.lead_id);
    if (!lead.exists || !isValidEmail(lead.email)) return { state: 'dropped' };
    const [{ account }, { account: sender }, site, secret] = await Promise.all([
      loadAccount(this.kit.store, lead.userId),
      loadAccount(this.kit.store, row.by_user_id),
      this.sites.byId(lead.siteId),
      this.secret.get(),
    ]);
    if (!account.exists) return { state: 'dropped' };
    // Named as the thread's message and its writer: held back by the mail path (a bounced or complaining address, or the lead
    // unsubscribed since), the thread shows it not sent with why, and it counts as undelivered for them.
    const withheld = account.consent.email ? {} : { withheld: UNSUBSCRIBED_REASON };
    const unsubscribe = await this.links.unsubscribeLinks(lead.userId, site);
    return {
      message: {
        sentBy: row.by_user_id,
        lead: { leadId: lead.leadId, messageId: row.message_id, byUserId: row.by_user_id, ...withheld },
        ...renderLeadEmail({
          to: lead.email,
          subject: row.subject,
          body: row.body,
          replyTo: replyAddress(secret, lead.leadId, this.kit.config.inboundEmail.domain),
          agentName: sender.exists ? `${sender.firstName} ${sender.lastName}`.trim() : '',
          siteName: site?.name ?? '',
          unsubscribe: { email: unsubscribe.unsubscribe_email, headers: unsubscribe.headers },
        }),
      },
    };
  }
}
