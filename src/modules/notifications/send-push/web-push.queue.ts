import type pg from 'pg';
import { cmaRequestSummary } from '../../../../projections/lead-timeline';
import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { WEB_PUSH_OUTBOX_MIGRATION } from '../../../database/migrations/060-web-push-outbox';
import type { StoredEvent } from '../../../shared/event';
import { stableId } from '../../../shared/stable-id';
import type { BehaviourAlertRaised } from '../../behaviour/behaviour.events';
import type { TextDeliveryReported } from '../../compliance/compliance.events';
import type { LeadEmailReceived, TextMessageReceived } from '../../conversation/conversation.events';
import type { LeadAssigned, LeadClaimed, LeadReassigned } from '../../leads/leads.events';
import type { CmaRequested } from '../../valuation/valuation.events';
import { type Notification, WORDED } from './web-push.reactor';

/** The in-process signal the web push queue gives after it queued pushes (the web push sender). */
export const WEB_PUSH_QUEUED_SIGNAL = 'notifications.pushesQueued';

/** A queued text delivery report, planned into the `thread.item` push of the text it is about. */
export const UNDELIVERED_TEXT = 'text.undelivered';

/** The plain tables this folder owns: the events to push, and one row per event, user and subscription. */
export const WEB_PUSH_TABLES = ['web_push_queue', 'web_push_outbox'] as const;

/** The chat's event as far as a push reads it (the chat's events file is the conversation context's own, not its events' leaf). */
type ChatMessageSent = {
  readonly type: 'ChatMessageSent';
  readonly data: { readonly leadId: string; readonly messageId: string; readonly toUserId: string; readonly text: string };
};

type PushEvent =
  | TextDeliveryReported
  | LeadAssigned
  | LeadReassigned
  | LeadClaimed
  | ChatMessageSent
  | TextMessageReceived
  | LeadEmailReceived
  | BehaviourAlertRaised
  | CmaRequested;

/**
 * One event's push, as `notificationFor` reads it (`name`, `payload`), for these users (null: the
 * lead's agent when it is planned) and, with `staff`, every staff member's browsers. `lead.*`
 * payloads name the lead; its name and type are added when it is planned, from its stream.
 */
export type QueuedPush = {
  readonly eventId: string;
  readonly name: string;
  readonly leadId: string | null;
  readonly userIds: readonly string[] | null;
  readonly staff?: boolean;
  readonly payload: Record<string, unknown>;
  readonly at: Date | string;
};

/** Events from before the outbox's migration are not pushed on a first replay. */
const NOT_BEFORE = `(SELECT applied_at FROM schema_migrations WHERE id = ${WEB_PUSH_OUTBOX_MIGRATION})`;

function insert(p: QueuedPush) {
  return {
    sql: `INSERT INTO web_push_queue (event_id, name, lead_id, user_ids, staff, payload, at)
          SELECT $1, $2, $3, $4, $5, $6, $7 WHERE $7::timestamptz >= ${NOT_BEFORE}
          ON CONFLICT (event_id) DO NOTHING`,
    values: [p.eventId, p.name, p.leadId, p.userIds, p.staff ?? false, JSON.stringify(p.payload), p.at],
  };
}

/**
 * Queues a push in a reactor's own transaction, the one that records the work it is part of (an
 * instant alert marked sent, a showing notice decided): kept or lost with that work, never twice.
 */
export async function queueWebPush(db: Pick<pg.PoolClient, 'query'>, p: QueuedPush): Promise<void> {
  const { sql, values } = insert(p);
  await db.query(sql, [...values]);
}

/** A notification already worded, for one person, queued in the reactor's transaction (`key`: what it is about, the same on every try). */
export function queueNotification(db: Pick<pg.PoolClient, 'query'>, key: string, userId: string, notification: Notification): Promise<void> {
  return queueWebPush(db, { eventId: stableId(`web push ${key}`), name: WORDED, leadId: null, userIds: [userId], payload: notification, at: new Date() });
}

function pushOf(e: StoredEvent<PushEvent>): QueuedPush | null {
  const at = e.metadata.at;
  const base = { eventId: e.eventId, at };
  switch (e.type) {
    case 'LeadAssigned':
    case 'LeadReassigned':
    case 'LeadClaimed': {
      const d = e.data;
      const userIds = [...new Set([d.agentId, ...(d.officeId ? [d.officeId] : [])])];
      return { ...base, name: 'lead.captured', leadId: d.leadId, userIds, staff: true, payload: { leadId: d.leadId } };
    }
    case 'ChatMessageSent': {
      const d = e.data;
      return { ...base, name: 'chat.message', leadId: d.leadId, userIds: [d.toUserId], payload: { leadId: d.leadId, messageId: d.messageId, text: d.text } };
    }
    case 'TextMessageReceived': {
      const d = e.data;
      const item = { id: d.messageId, channel: d.media.length ? 'mms' : 'text', direction: 'in', body: d.body };
      return { ...base, name: 'thread.item', leadId: d.leadId, userIds: null, payload: { leadId: d.leadId, item } };
    }
    case 'LeadEmailReceived': {
      const d = e.data;
      const item = { id: d.messageId, channel: 'email', direction: 'in', body: d.body };
      return { ...base, name: 'thread.item', leadId: d.leadId, userIds: null, payload: { leadId: d.leadId, item } };
    }
    case 'TextDeliveryReported': {
      // A text of the agent's that the carrier could not deliver: its lead and item are found by the provider's id when planned.
      const d = e.data;
      if (d.state !== 'undelivered' && d.state !== 'failed') return null;
      return { ...base, name: UNDELIVERED_TEXT, leadId: null, userIds: null, payload: { providerId: d.providerId, state: d.state, errorCode: d.errorCode } };
    }
    case 'BehaviourAlertRaised': {
      const d = e.data;
      const payload = { alertId: d.alertId, leadId: d.leadId, kind: d.kind, reason: d.reason, agentId: d.agentId, at: d.at };
      return { ...base, name: 'lead.behaviour', leadId: d.leadId, userIds: [d.agentId], payload };
    }
    case 'CmaRequested': {
      const d = e.data;
      const payload = { leadId: d.leadId, type: 'CmaRequested', eventId: e.eventId, summary: cmaRequestSummary(d) };
      return { ...base, name: 'lead.activity', leadId: d.leadId, userIds: null, staff: true, payload };
    }
  }
}

/**
 * The web pushes' queue: each event that tells someone at once (a lead assigned or claimed, a
 * chat message, a text or e-mail from a lead, a behaviour alert, a CMA request) queues one row
 * in web_push_queue, keyed by the event's id, in the transaction that moves its checkpoint, so a
 * crash loses none and a replay adds none. The web push sender, beside it, plans each row into
 * one outbox row per user and subscription and sends those.
 */
export const webPushQueueProjection = outboxProjection<PushEvent>({
  name: 'web_push_queue',
  eventTypes: handledTypes<PushEvent>()([
    'TextDeliveryReported',
    'LeadAssigned',
    'LeadReassigned',
    'LeadClaimed',
    'ChatMessageSent',
    'TextMessageReceived',
    'LeadEmailReceived',
    'BehaviourAlertRaised',
    'CmaRequested',
  ]),
  outboxTables: [...WEB_PUSH_TABLES],
  signal: WEB_PUSH_QUEUED_SIGNAL,
  insert: (e) => {
    const p = pushOf(e);
    return p ? insert(p) : null;
  },
});
