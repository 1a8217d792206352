import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { rosterFor } from '../../../../projections/lead-routing';
import { LEAD_NOTICES_PUSH } from './lead-notices.queue';
import { SearchIndex } from '../../../../projections/search';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import type { Runtime } from '../../../runtime/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { inTransaction } from '../../../database/database';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import { addressText, Mailer, recordFailure, RETRY_DUE, SmsSender } from '../../messaging';
import { queueWebPush, WebPushSender, WORDED } from '../../notifications';
import { evolveLead, initialLead, leadStream } from '../../leads';
import type { InquirySubmitted, LeadCaptured, LeadEvent } from '../../leads/leads.events';
import { loadOffice } from '../../office';
import type { NoticeLead } from './new-lead-notice';
import { type Channel, type Notice, type NoticeEvent, planNotices, type Recipient } from './notice-plan';

const log = logger('speed-to-lead');
const SWEEP_MS = 2000;
/** A notice about an event older than this is not news any more: it is dropped, never sent late. */
const STALE_MS = 24 * 3600_000;

type QueueRow = { event_id: string; type: NoticeEvent['type']; lead_id: string; data: NoticeEvent['data']; at: Date };
type OutboxRow = {
  notice_id: string;
  lead_id: string;
  recipient_id: string;
  channel: Exclude<Channel, 'push'>;
  to_address: string;
  subject: string;
  body: string;
  html: string | null;
  url: string;
};
type Outcome = 'done' | 'failed' | 'none';

/**
 * Speed to lead: when a lead is assigned (LeadAssigned, LeadReassigned, LeadClaimed) its agent
 * is told at once by e-mail and, with a cell phone and consent, by text; a lead put in the pond
 * is told to every active agent of the office (and by web push, through the one web push outbox:
 * queued in step 1's transaction, its notice's id the notification's); the broker gets a copy
 * when the office asks (OfficeSettings.copyBrokerOnNewLeads).
 *
 * Exactly once across crashes and instances, in two steps, each on rows taken with their row
 * lock (FOR UPDATE SKIP LOCKED: two instances never take the same one) and finished in the same
 * transaction: (1) an event the lead_notices projection queued becomes one outbox row per
 * recipient and channel, keyed by an id derived from the event, the recipient and the channel
 * (ON CONFLICT DO NOTHING), and the queue row is marked; (2) each outbox row is sent through the
 * Mailer or SmsSender and marked sent, its words and address cleared. Only a death
 * between a provider accepting a message and the commit can send it twice (no provider joins our
 * transaction). Woken by the projection's signal, swept every 2 s. No personal data is logged.
 */
@Injectable()
export class NewLeadNotifier extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(WebPushSender) private readonly pushes: WebPushSender,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'new-lead notices', everyMs: SWEEP_MS, signal: { name: LEAD_NOTICES_PUSH, runtime: this.runtime } };
  }

  protected onSweep(): Promise<unknown> {
    return this.sweep(new Date());
  }

  /** Everything queued and everything pending in the outbox, until none is left or a provider fails (the next sweep retries). */
  async sweep(now: Date): Promise<{ planned: number; sent: number }> {
    let planned = 0;
    let pushes = 0;
    let sent = 0;
    for (let queued: number | null; !this.sweeper.isStopped && (queued = await this.planOne(now)) !== null; planned++) pushes += queued;
    // The pond pushes are in the web push queue, committed: its sender sends them now, not at its next sweep.
    if (pushes > 0) this.pushes.wake();
    for (;;) {
      if (this.sweeper.isStopped) break;
      const outcome = await this.sendOne();
      if (outcome !== 'done') break;
      sent++;
    }
    return { planned, sent };
  }

  /** Step 1: one queued event becomes its outbox rows; answers how many web pushes it queued, or null when no event was queued. */
  private async planOne(now: Date): Promise<number | null> {
    return inTransaction(this.pool, async (tx): Promise<number | null> => {
      const { rows } = await tx.query<QueueRow>(
        `SELECT event_id, type, lead_id, data, at FROM lead_notice_queue WHERE state = 'pending' ORDER BY at, event_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return null;
      if (now.getTime() - row.at.getTime() > STALE_MS) {
        await tx.query(`UPDATE lead_notice_queue SET state = 'stale' WHERE event_id = $1`, [row.event_id]);
        return 0;
      }
      const notices = await this.plan(row);
      let pushes = 0;
      for (const n of notices) {
        if (n.channel === 'push') {
          await queueWebPush(tx, pondPush(row.lead_id, n));
          pushes++;
          continue;
        }
        await tx.query(
          `INSERT INTO lead_notice_outbox (notice_id, event_id, lead_id, recipient_id, channel, to_address, subject, body, html, url)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (notice_id) DO NOTHING`,
          [n.noticeId, row.event_id, row.lead_id, n.recipientId, n.channel, n.to, n.subject, n.body, n.html, n.url],
        );
      }
      await tx.query(`UPDATE lead_notice_queue SET state = 'planned' WHERE event_id = $1`, [row.event_id]);
      return pushes;
    });
  }

  /** Step 2: one due outbox row is sent and marked sent (its words and address cleared), or its failure recorded under the retry policy. */
  private async sendOne(): Promise<Outcome> {
    return inTransaction(this.pool, async (tx): Promise<Outcome> => {
      const { rows } = await tx.query<OutboxRow>(
        `SELECT notice_id, lead_id, recipient_id, channel, to_address, subject, body, html, url FROM lead_notice_outbox
          WHERE state = 'pending' AND ${RETRY_DUE} ORDER BY attempts, created_at, notice_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return 'none';
      try {
        await this.deliver(row);
      } catch (err) {
        const failure = await recordFailure(tx, 'lead_notice_outbox', 'notice_id', [row.notice_id], err);
        // Neither the address nor the words are logged, nor the provider's message (it may quote the address).
        log.warn(failure.permanent ? 'a new-lead notice was refused for good' : 'a new-lead notice failed; it is tried again later', {
          noticeId: row.notice_id,
          channel: row.channel,
          error: (err as Error).name,
        });
        return 'failed';
      }
      await tx.query(
        `UPDATE lead_notice_outbox SET state = 'sent', sent_at = now(), last_attempt_at = now(), to_address = '', subject = '', body = '', html = NULL WHERE notice_id = $1`,
        [row.notice_id],
      );
      return 'done';
    });
  }

  private async deliver(n: OutboxRow): Promise<void> {
    switch (n.channel) {
      case 'email':
        return this.mailer.send({ to: n.to_address, subject: n.subject, text: n.body, ...(n.html ? { html: n.html } : {}) });
      case 'sms':
        await this.sms.send({ to: n.to_address, body: n.body, mediaUrl: null });
        return;
    }
  }

  /** The facts a notice needs: the lead, the office's wishes and agents, the people's addresses and consent. */
  private async plan(row: QueueRow) {
    const event = { type: row.type, data: row.data } as NoticeEvent;
    const lead = await this.noticeLead(row.lead_id);
    if (!lead) return [];
    const office = event.data.officeId ? await loadOffice(this.store, event.data.officeId) : null;
    const activeAgents =
      event.type === 'LeadPutInPond'
        ? (await rosterFor(this.pool, event.data.officeId)).filter((r) => r.level === 10 && r.active && r.officeId === event.data.officeId).map((r) => r.userId)
        : [];
    const ids = new Set([
      ...activeAgents,
      ...(event.type === 'LeadPutInPond' ? [] : [event.data.agentId]),
      ...(event.data.officeId ? [event.data.officeId] : []),
    ]);
    const people = new Map<string, Recipient>();
    for (const id of ids) {
      const { account } = await loadAccount(this.store, id);
      if (account.exists)
        people.set(id, {
          userId: id,
          fullName: `${account.firstName} ${account.lastName}`.trim(),
          email: account.email,
          cellPhone: account.cellPhone,
          consent: account.consent,
        });
    }
    return planNotices({
      eventId: row.event_id,
      event,
      lead,
      copyBroker: office?.settings.copyBrokerOnNewLeads ?? false,
      activeAgents,
      people,
      baseUrl: this.config.publicUrl,
    });
  }

  /** The lead as a notice tells it: name, type and message of the last inquiry, and the listing's address. */
  private async noticeLead(leadId: string): Promise<NoticeLead | null> {
    const events = (await this.store.readStream(leadStream(leadId))) as unknown as LeadEvent[];
    const lead = events.reduce(evolveLead, initialLead());
    if (!lead.exists) return null;
    const captured = events.find((e): e is LeadCaptured => e.type === 'LeadCaptured');
    const inquiry = events.findLast((e): e is InquirySubmitted => e.type === 'InquirySubmitted');
    const pdid = inquiry?.data.listingPdid ?? lead.listingPdid;
    const [listing] = pdid ? await this.index.listings([pdid]) : [];
    return {
      leadId,
      fullName: lead.fullName,
      leadType: inquiry?.data.leadType ?? captured?.data.leadType ?? '',
      message: inquiry?.data.message ?? '',
      listing: listing ? addressText(listing) : pdid,
    };
  }
}

/** A pond notice's web push as the web push outbox takes it: worded for its one person, the notice's id its event's and its notification's (a push service and the service worker show it once). */
function pondPush(leadId: string, n: Notice) {
  const notification = { title: n.subject, body: n.body, url: n.url, tag: `pond-${leadId}`, id: n.noticeId };
  return { eventId: n.noticeId, name: WORDED, leadId: null, userIds: [n.recipientId], payload: notification, at: new Date() };
}
