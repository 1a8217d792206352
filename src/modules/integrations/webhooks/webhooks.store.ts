import type pg from 'pg';
import type { Sealed } from '../../../shared/sealed-box';
import { lastPublicEventPosition } from '../../../../projections/public-events';
import type { ResponseOf } from '../../../contract/route';
import type { contract } from '../../../contract/routes';
import { WEBHOOK_TEST_EVENT } from '../../../contract/routes/webhooks';
import { notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { Viewer } from '../../../shared/viewer/viewer';

/** The plain tables this folder owns (only code here writes them; the architecture test's wall). */
export const WEBHOOK_TABLES = { outboxTables: ['webhooks', 'webhook_deliveries', 'webhook_fanout', 'webhook_fanout_held', 'webhook_pause_mails'] };

export type WebhookView = ResponseOf<typeof contract.webhooks.list>['webhooks'][number];
export type DeliveryView = ResponseOf<typeof contract.webhooks.deliveries>['deliveries'][number];

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
const DELIVERY_NOT_FOUND = 'Delivery not found';
const LOG_LENGTH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WebhookRow = {
  webhook_id: string;
  url: string;
  events: string[];
  created_at: Date;
  paused_at: Date | null;
  paused_why: 'owner' | 'failing' | null;
  pending: number;
  failed: number;
};

const VIEW_SQL = `SELECT w.webhook_id, w.url, w.events, w.created_at, w.paused_at, w.paused_why,
    (SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.webhook_id AND d.state = 'pending') AS pending,
    (SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.webhook_id AND d.state = 'failed') AS failed
  FROM webhooks w`;

const viewOf = (r: WebhookRow): WebhookView => ({
  webhookId: r.webhook_id,
  url: r.url,
  events: r.events,
  createdAt: r.created_at.toISOString(),
  paused: r.paused_at !== null,
  pausedWhy: r.paused_why,
  pending: r.pending,
  failed: r.failed,
});

/**
 * The webhooks of their owners: each acts in its maker's scope (the role they had when they made
 * it) and hears the public events from its making on. Another user's webhook is not found (404).
 */
export class WebhookStore {
  constructor(private readonly pool: pg.Pool) {}

  async create(viewer: Viewer, w: { url: string; events: readonly string[]; secret: Sealed }): Promise<string> {
    const webhookId = newId();
    await this.pool.query('INSERT INTO webhooks (webhook_id, owner_id, owner_role, url, events, secret, from_position) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      webhookId,
      viewer.userId,
      viewer.role,
      w.url,
      w.events,
      JSON.stringify(w.secret),
      await lastPublicEventPosition(this.pool),
    ]);
    return webhookId;
  }

  async list(ownerId: string): Promise<WebhookView[]> {
    const { rows } = await this.pool.query<WebhookRow>(`${VIEW_SQL} WHERE w.owner_id = $1 ORDER BY w.created_at DESC, w.webhook_id`, [ownerId]);
    return rows.map(viewOf);
  }

  async owned(ownerId: string, webhookId: string): Promise<WebhookView> {
    if (!UUID.test(webhookId)) throw notFound(WEBHOOK_NOT_FOUND);
    const { rows } = await this.pool.query<WebhookRow>(`${VIEW_SQL} WHERE w.webhook_id = $1 AND w.owner_id = $2`, [webhookId, ownerId]);
    if (!rows[0]) throw notFound(WEBHOOK_NOT_FOUND);
    return viewOf(rows[0]);
  }

  /** A resume clears the pause whatever its reason; deliveries held while paused then go, in order. */
  async update(ownerId: string, webhookId: string, change: { url?: string; events?: readonly string[]; paused?: boolean }): Promise<WebhookView> {
    await this.owned(ownerId, webhookId);
    await this.pool.query(
      `UPDATE webhooks SET url = coalesce($3, url), events = coalesce($4, events),
         paused_at = CASE WHEN $5::boolean IS NULL THEN paused_at WHEN $5 THEN coalesce(paused_at, now()) END,
         paused_why = CASE WHEN $5::boolean IS NULL THEN paused_why WHEN $5 THEN coalesce(paused_why, 'owner') END
       WHERE webhook_id = $1 AND owner_id = $2`,
      [webhookId, ownerId, change.url ?? null, change.events ?? null, change.paused ?? null],
    );
    return this.owned(ownerId, webhookId);
  }

  async remove(ownerId: string, webhookId: string): Promise<void> {
    await this.owned(ownerId, webhookId);
    await this.pool.query('DELETE FROM webhooks WHERE webhook_id = $1 AND owner_id = $2', [webhookId, ownerId]);
  }

  async deliveries(ownerId: string, webhookId: string): Promise<DeliveryView[]> {
    await this.owned(ownerId, webhookId);
    const { rows } = await this.pool.query<{
      event_id: string;
      type: string;
      state: 'pending' | 'sent' | 'failed';
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      queued_at: Date;
      last_attempt_at: Date | null;
      next_attempt_at: Date | null;
      sent_at: Date | null;
    }>(
      `SELECT event_id, type, state, attempts, last_status, last_error, queued_at, last_attempt_at, next_attempt_at, sent_at
         FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY queued_at DESC, position DESC LIMIT ${LOG_LENGTH}`,
      [webhookId],
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      type: r.type,
      status: r.state,
      tries: r.attempts,
      lastStatus: r.last_status,
      lastAnswer: r.last_error,
      queuedAt: r.queued_at.toISOString(),
      lastTriedAt: r.last_attempt_at?.toISOString() ?? null,
      nextTryAt: r.state === 'pending' ? (r.next_attempt_at ?? r.queued_at).toISOString() : null,
      deliveredAt: r.sent_at?.toISOString() ?? null,
    }));
  }

  /** A `webhook.test` delivery (no lead: it waits for no other), tried at once. */
  async queueTest(ownerId: string, webhookId: string): Promise<string> {
    await this.owned(ownerId, webhookId);
    const eventId = newId();
    await this.pool.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, lead_id, type, position, occurred_at, data) VALUES ($1, $2, NULL, $3, 0, now(), $4)`,
      [webhookId, eventId, WEBHOOK_TEST_EVENT, JSON.stringify({ webhookId, message: 'A test delivery from Porchlight' })],
    );
    return eventId;
  }

  /** A delivery queued anew (the same event id), as if it had never been tried: a fresh run of the retry policy. */
  async redeliver(ownerId: string, webhookId: string, eventId: string): Promise<void> {
    await this.owned(ownerId, webhookId);
    if (!UUID.test(eventId)) throw notFound(DELIVERY_NOT_FOUND);
    const { rowCount } = await this.pool.query(
      `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = NULL, first_failed_at = NULL, failed_at = NULL, sent_at = NULL
        WHERE webhook_id = $1 AND event_id = $2`,
      [webhookId, eventId],
    );
    if (!rowCount) throw notFound(DELIVERY_NOT_FOUND);
  }
}
