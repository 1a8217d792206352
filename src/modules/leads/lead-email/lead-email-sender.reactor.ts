import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { LEAD_EMAIL_PUSH } from '../../../../projections/lead-email-outbox';
import { type Schedule, SweptReactor } from '../../../app/swept-reactor';
import type { Runtime } from '../../../app/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { inTransaction } from '../../../database/database';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { CommunicationLinks, isValidEmail, loadAccount, SecretKey } from '../../accounts';
import { type MailMessage, Mailer } from '../../messaging';
import { SiteResolver } from '../../sites';
import { loadLead } from '../load-lead';
import { renderLeadEmail } from './lead-email-mail';
import { replyAddress } from './reply-address';

const log = logger('lead-email');
const SWEEP_MS = 2000;
/** An e-mail the relay refused this often is given up. */
const MAX_ATTEMPTS = 10;

type Row = { mail_id: string; message_id: string; lead_id: string; by_user_id: string; subject: string; body: string };
/** Sent, or left unsent for good: dropped (the lead or its address is gone), suppressed (the lead unsubscribed since). */
type Composed = { readonly message: MailMessage } | { readonly state: 'dropped' | 'suppressed' };
type Outcome = 'sent' | 'dropped' | 'suppressed' | 'failed' | 'none';

/**
 * Sends the e-mails agents write to leads (LeadEmailSent, queued in lead_email_outbox by the
 * lead_email_outbox projection with its checkpoint). Each row is taken with its row lock (FOR
 * UPDATE SKIP LOCKED: two instances never take the same one), sent through the Mailer port with
 * the thread's reply address and the lead's unsubscribe footer and headers, and marked sent
 * (its words cleared) in that one transaction: a crash before the commit leaves it pending and
 * it goes out after restart; only a death between the relay accepting it and the commit can
 * send it twice (no relay joins our transaction). Consent is checked again at sending: a lead
 * who unsubscribed meanwhile gets nothing. Woken by the projection's signal, swept every 2 s.
 */
@Injectable()
export class LeadEmailSender extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CommunicationLinks) private readonly links: CommunicationLinks,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'lead e-mails', everyMs: SWEEP_MS, signal: { name: LEAD_EMAIL_PUSH, runtime: this.runtime } };
  }

  protected onSweep(): Promise<unknown> {
    return this.sendPending();
  }

  /** Every pending row, one at a time, until none is left or the relay fails (the next sweep retries). */
  async sendPending(): Promise<number> {
    let sent = 0;
    while (!this.sweeper.isStopped) {
      const outcome = await this.sendOne();
      if (outcome === 'sent') sent++;
      if (outcome === 'none' || outcome === 'failed') break;
    }
    return sent;
  }

  private sendOne(): Promise<Outcome> {
    return inTransaction(this.pool, async (tx): Promise<Outcome> => {
      const { rows } = await tx.query<Row>(
        `SELECT mail_id, message_id, lead_id, by_user_id, subject, body FROM lead_email_outbox
          WHERE state = 'pending' ORDER BY attempts, queued_at, mail_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return 'none';
      const composed = await this.compose(row);
      if ('state' in composed) {
        await tx.query(`UPDATE lead_email_outbox SET state = $2, subject = '', body = '' WHERE mail_id = $1`, [row.mail_id, composed.state]);
        return composed.state;
      }
      try {
        await this.mailer.send(composed.message);
      } catch (err) {
        await tx.query(`UPDATE lead_email_outbox SET attempts = attempts + 1, state = CASE WHEN attempts + 1 >= $2 THEN 'failed' ELSE state END WHERE mail_id = $1`, [row.mail_id, MAX_ATTEMPTS]);
        // Neither the address nor the words are logged, nor the relay's message (it may quote the address).
        log.warn('a lead e-mail failed; it stays in the outbox', { mailId: row.mail_id, error: (err as Error).name });
        return 'failed';
      }
      await tx.query(`UPDATE lead_email_outbox SET state = 'sent', sent_at = now(), subject = '', body = '' WHERE mail_id = $1`, [row.mail_id]);
      return 'sent';
    });
  }

  private async compose(row: Row): Promise<Composed> {
    const { lead } = await loadLead(this.store, row.lead_id);
    if (!lead.exists || !isValidEmail(lead.email)) return { state: 'dropped' };
    const [{ account }, { account: sender }, site, secret] = await Promise.all([
      loadAccount(this.store, lead.userId),
      loadAccount(this.store, row.by_user_id),
      this.sites.byId(lead.siteId),
      this.secret.get(),
    ]);
    if (!account.exists) return { state: 'dropped' };
    if (!account.consent.email) return { state: 'suppressed' };
    const unsubscribe = await this.links.unsubscribeLinks(lead.userId, site);
    return {
      message: renderLeadEmail({
        to: lead.email,
        subject: row.subject,
        body: row.body,
        replyTo: replyAddress(secret, lead.leadId, this.config.inboundEmail.domain),
        agentName: sender.exists ? `${sender.firstName} ${sender.lastName}`.trim() : '',
        siteName: site?.name ?? '',
        unsubscribe: { email: unsubscribe.unsubscribe_email, headers: unsubscribe.headers },
      }),
    };
  }
}
