import { Inject, Injectable } from '@nestjs/common';
import { textByProviderId } from '../../../../projections/lead-thread';
import { type PushSubscriptionRow, pushSubscriptionOf, pushSubscriptionsFor } from '../../../../projections/web-push';
import { inTransaction } from '../../../database/database';
import { stableId } from '../../../shared/stable-id';
import { evolveLead, initialLead, leadStream } from '../../leads';
import type { InquirySubmitted, LeadCaptured, LeadEvent } from '../../leads/leads.events';
import { type LeftIn, OutboxKit, type OutboxPlan, OutboxSender } from '../../messaging';
import { UNDELIVERED_TEXT, WEB_PUSH_QUEUED_SIGNAL } from './web-push.queue';
import { audienceOf, type Notification, notificationFor, WebPushNotifier } from './web-push.reactor';

/** A push about an event older than this is not news any more: it is dropped, never sent late. */
const STALE_HOURS = 24;

type QueueRow = {
  event_id: string;
  name: string;
  lead_id: string | null;
  user_ids: string[] | null;
  staff: boolean;
  payload: Record<string, unknown>;
  stale: boolean;
};
type Planned = { subscriptions: PushSubscriptionRow[]; payload: Record<string, unknown>; name: string; leadId: string | null };
type Row = { push_id: string; event_id: string; user_id: string; endpoint: string; name: string; payload: string };
type Push = { readonly subscription: PushSubscriptionRow; readonly notification: Notification };

const OUTBOX = {
  table: 'web_push_outbox',
  key: 'push_id',
  columns: 'push_id, event_id, user_id, endpoint, name, payload',
  order: 'attempts, created_at, push_id',
  // The words (a chat message, a text's body) go once the row is done.
  clearWhenDone: ['payload'],
};

/** One outbox row's id: the event, the user and the browser (its subscription's endpoint). */
export const pushId = (eventId: string, userId: string, endpoint: string) => stableId(`web push ${eventId} ${userId} ${endpoint}`);

/**
 * Sends the web pushes of events, exactly once per event, user and browser, on the one retry
 * policy. Two steps, each on rows taken under their row lock (two instances never take the same
 * one) and finished in one transaction: (1) an event the web push queue queued becomes one
 * web_push_outbox row per subscription of the people it tells (its lead's agent as the lead's
 * stream says when none are named), keyed by the event, the user and the endpoint, and the queue
 * row is marked planned; (2) each outbox row is worded for its subscription's audience by
 * `notificationFor` and posted with the event's id as the notification's id (a push service
 * keeps one message per Topic, the service worker shows an id once), then marked sent. A push
 * service's refusal is retried as the policy says (a day of failures: failed, under Failed
 * messages, sent again by hand); a 404 or 410 drops the subscription and leaves the row 'gone'.
 */
@Injectable()
export class WebPushSender extends OutboxSender<Row, Push> {
  constructor(
    @Inject(OutboxKit) kit: OutboxKit,
    @Inject(WebPushNotifier) private readonly notifier: WebPushNotifier,
  ) {
    super(kit, {
      name: 'web-push',
      what: 'web pushes',
      signal: WEB_PUSH_QUEUED_SIGNAL,
      table: OUTBOX,
      deliver: async (p): Promise<LeftIn | void> => {
        if ((await notifier.postTo(p.subscription, p.notification)) === 'gone') return { leftIn: 'gone' };
      },
    });
  }

  /**
   * Pushes another reactor queued in its own transaction (a pond notice, a task reminder, an
   * instant property alert, a showing's cancellation), called
   * once that transaction committed: sent now, as the queue projection's signal has the pushes it
   * queued sent, rather than at the next sweep. Only a nudge in this process: the rows' claim
   * (their row lock) still sends each once, and another instance's sweep finds them too.
   */
  wake(): void {
    this.sweeper.kick();
  }

  protected override async onSweep(): Promise<number> {
    await this.planQueued();
    return this.sendPending();
  }

  /** Step 1 for every queued event; answers how many it planned. */
  async planQueued(): Promise<number> {
    let planned = 0;
    while (!this.sweeper.isStopped && (await this.planOne())) planned++;
    return planned;
  }

  private planOne(): Promise<boolean> {
    return inTransaction(this.kit.pool, async (tx) => {
      const { rows } = await tx.query<QueueRow>(
        `SELECT event_id, name, lead_id, user_ids, staff, payload, at < now() - interval '${STALE_HOURS} hours' AS stale FROM web_push_queue
          WHERE state = 'pending' ORDER BY at, event_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return false;
      const planned = row.stale ? null : await this.recipients(row);
      for (const s of planned?.subscriptions ?? []) {
        await tx.query(
          `INSERT INTO web_push_outbox (push_id, event_id, lead_id, user_id, endpoint, name, payload) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (push_id) DO NOTHING`,
          [pushId(row.event_id, s.user_id, s.endpoint), row.event_id, planned!.leadId, s.user_id, s.endpoint, planned!.name, JSON.stringify(planned!.payload)],
        );
      }
      await tx.query(`UPDATE web_push_queue SET state = $2, payload = '{}' WHERE event_id = $1`, [row.event_id, planned ? 'planned' : 'stale']);
      return true;
    });
  }

  /** Who an event tells (its named people, else its lead's agent), their browsers, and the payload with the lead's name and type. */
  private async recipients(queued: QueueRow): Promise<Planned> {
    const row = queued.name === UNDELIVERED_TEXT ? await this.undeliveredText(queued) : queued;
    const payload = { ...row.payload };
    const none = { subscriptions: [], payload, name: row.name, leadId: row.lead_id };
    let userIds = row.user_ids ?? [];
    if (row.lead_id) {
      const events = (await this.kit.store.readStream(leadStream(row.lead_id))) as unknown as LeadEvent[];
      const lead = events.reduce(evolveLead, initialLead());
      if (!lead.exists) return none;
      const captured = events.find((e): e is LeadCaptured => e.type === 'LeadCaptured');
      // An import's thousands of leads are not news one by one.
      if (row.name === 'lead.captured' && captured?.data.source === 'import') return none;
      const inquiry = events.findLast((e): e is InquirySubmitted => e.type === 'InquirySubmitted');
      Object.assign(payload, { fullName: lead.fullName, leadName: lead.fullName, leadType: inquiry?.data.leadType ?? captured?.data.leadType ?? '' });
      if (!row.user_ids) {
        userIds = lead.agentId ? [lead.agentId, ...(row.name === 'lead.activity' && lead.officeId ? [lead.officeId] : [])] : [];
        payload.agentId = lead.agentId;
      }
    }
    if (userIds.length === 0 && !row.staff) return none;
    const subscriptions = (await pushSubscriptionsFor(this.kit.pool, userIds, row.staff)).filter((s) => this.notifier.mayPostTo(s.endpoint));
    return { ...none, subscriptions };
  }

  /** The thread item a delivery report is about, as the lead thread holds it (none yet: no push). */
  private async undeliveredText(row: QueueRow): Promise<QueueRow> {
    const p = row.payload as { providerId: string; state: string; errorCode: number | null };
    const text = await textByProviderId(this.kit.pool, p.providerId);
    if (!text) return { ...row, name: 'thread.item', lead_id: null, user_ids: [] };
    const item = { id: text.itemId, channel: 'text', direction: 'out', body: '', deliveryState: p.state, errorCode: p.errorCode };
    return { ...row, name: 'thread.item', lead_id: text.leadId, payload: { leadId: text.leadId, item } };
  }

  /** Step 2's words, for the subscription as it is now: gone, or saying nothing to its audience, leaves the row without a push. */
  protected async compose(row: Row): Promise<OutboxPlan<Push>> {
    const subscription = await pushSubscriptionOf(this.kit.pool, row.user_id, row.endpoint);
    if (!subscription || !this.notifier.mayPostTo(subscription.endpoint)) return { state: 'gone' };
    const n = notificationFor(row.name, JSON.parse(row.payload) as Record<string, unknown>, audienceOf(subscription.security_level));
    if (!n) return { state: 'void' };
    return { message: { subscription, notification: { ...n, id: n.id ?? row.event_id } } };
  }
}
