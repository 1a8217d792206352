import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { SearchIndex } from '../../../../projections/search';
import { type Schedule, SweptReactor } from '../../../app/swept-reactor';
import type { Runtime } from '../../../app/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadAccount, userIdByEmail } from '../../accounts';
import { type MailMessage, Mailer } from '../../messaging';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { renderShareEmail } from './share-mail';
import { SHARE_MAIL_PUSH } from '../../../../projections/share-mail';

const log = logger('share-mail');
const SWEEP_MS = 2000;

type Row = { mail_id: string; user_id: string; site_id: string; pdid: string; to_email: string; message: string };
/** What becomes of a row: sent, or left unsent for good (dropped: its lead, listing or site is gone; suppressed: the address's owner turned e-mail off). */
type Composed = { readonly message: MailMessage } | { readonly state: 'dropped' | 'suppressed' };
export type SendOutcome = 'sent' | 'failed' | 'dropped' | 'suppressed' | 'none';

/**
 * Sends the share e-mails the share_mail projection queued in share_mail_outbox (one row per
 * ListingShared event), woken by the projection's push and swept every 2 s. Each row is taken
 * with its row lock (FOR UPDATE SKIP LOCKED, so several instances never take the same one),
 * sent through the Mailer port and marked sent in that one transaction: a crash before the
 * commit leaves it pending and it goes out after restart; only a death between the relay
 * accepting it and the commit can send it twice (no SMTP relay joins our transaction).
 */
@Injectable()
export class ShareMailSender extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'share e-mails', everyMs: SWEEP_MS, signal: { name: SHARE_MAIL_PUSH, runtime: this.runtime } };
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

  private async sendOne(): Promise<SendOutcome> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<Row>(
        `SELECT mail_id, user_id, site_id, pdid, to_email, message FROM share_mail_outbox
          WHERE state = 'pending' ORDER BY attempts, shared_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) {
        await client.query('COMMIT');
        return 'none';
      }
      const composed = await this.compose(row);
      if ('state' in composed) {
        await client.query('UPDATE share_mail_outbox SET state = $2 WHERE mail_id = $1', [row.mail_id, composed.state]);
        await client.query('COMMIT');
        return composed.state;
      }
      try {
        await this.mailer.send(composed.message);
      } catch (err) {
        await client.query('UPDATE share_mail_outbox SET attempts = attempts + 1 WHERE mail_id = $1', [row.mail_id]);
        await client.query('COMMIT');
        // Neither the address nor the message is logged.
        log.warn('share e-mail failed; it stays in the outbox', { mailId: row.mail_id, message: (err as Error).message });
        return 'failed';
      }
      await client.query(`UPDATE share_mail_outbox SET state = 'sent', sent_at = now() WHERE mail_id = $1`, [row.mail_id]);
      await client.query('COMMIT');
      return 'sent';
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private async compose(row: Row): Promise<Composed> {
    const { account: lead } = await loadAccount(this.store, row.user_id);
    const [listing] = await this.index.listings([row.pdid]);
    const site = await this.sites.byId(row.site_id);
    if (!lead.exists || !listing || !site) return { state: 'dropped' };
    // The consent ledger: someone with an account here who turned e-mail off gets none this way either.
    const recipientId = await userIdByEmail(this.store, row.to_email);
    if (recipientId) {
      const { account: recipient } = await loadAccount(this.store, recipientId);
      if (recipient.exists && !recipient.consent.email) return { state: 'suppressed' };
    }
    return {
      message: renderShareEmail({
        to: row.to_email,
        from: { firstName: lead.firstName, email: lead.email },
        message: row.message,
        listing,
        siteName: site.name,
        baseUrl: siteBaseUrl(site, this.config.publicUrl),
      }),
    };
  }
}
