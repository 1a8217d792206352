import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { inTransaction } from '../../../database/database';
import { DB_POOL } from '../../../runtime/tokens';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { logger } from '../../../shared/logger';
import { newId } from '../../../shared/ids';
import { afterFailure, failureOf } from '../../messaging';
import { fanOutPublicEvents } from './webhook-fanout';
import { WebhookOutbound } from './webhook-outbound';
import { postWebhook } from './webhook-post';
import { WebhookSecrets } from './webhook-signature';
import type { Sealed } from '../../../shared/sealed-box';

const log = logger('webhooks');
const UNREADABLE_SECRET =
  "the webhook's signing secret cannot be read with this server's secret (SECRET_KEY or DATA_DIR/secret-key changed?): make the webhook again";
/** Often: a lead made through v1 should reach its webhooks within a second. The sweep is three cheap indexed queries when idle, outside any transaction. */
const SWEEP_MS = 250;
/** Webhooks served at once by this instance, each by one worker (a slow receiver holds only its own). */
const WORKERS = 4;
/** Delivered events (with the lead's details in them) are kept this long in the log, then deleted. */
const KEEP_SENT_DAYS = 30;
const PRUNE_EVERY_MS = 10 * 60_000;

type Due = {
  webhook_id: string;
  event_id: string;
  type: string;
  occurred_at: Date;
  position: string;
  data: unknown;
  attempts: number;
  first_failed_at: Date | null;
  url: string;
  secret: Sealed;
  owner_id: string;
};
type Outcome = 'none' | 'sent' | { readonly failed: string };

/**
 * Delivers the webhooks: queues the public events (fanOutPublicEvents), then POSTs each due
 * delivery. A delivery is taken under its row lock (FOR UPDATE SKIP LOCKED: two instances never
 * take the same one), only when no earlier delivery of the same lead to the same webhook is still
 * pending (a lead's events arrive in order), POSTed with its event id (the same on every try) and
 * marked in that one transaction: a crash before the commit leaves it pending, and it goes again
 * after restart with the same id (a receiver drops the repeat by id). Anything but a 2xx is a
 * failure under the outboxes' one retry policy, kept with its answer; a delivery failing for a
 * day is given up and pauses its webhook, with an e-mail to its owner. A failed webhook is not
 * tried again in the same sweep. `now` is the clock the policy reads (a test moves it).
 */
@Injectable()
export class WebhookSender extends SweptReactor {
  now: () => Date = () => new Date();
  private prunedAt = 0;

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(WebhookOutbound) private readonly net: WebhookOutbound,
    @Inject(WebhookSecrets) private readonly secrets: WebhookSecrets,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'webhook deliveries', everyMs: SWEEP_MS };
  }

  protected async onSweep(): Promise<number> {
    await fanOutPublicEvents(this.pool);
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.pool.query(`DELETE FROM webhook_deliveries WHERE state = 'sent' AND sent_at < now() - make_interval(days => $1)`, [KEEP_SENT_DAYS]);
    }
    return this.deliverDue();
  }

  /** A delivery queued by a request (a test, a resend, a resume) goes now rather than at the next sweep. */
  wake(): void {
    this.sweeper.kick();
  }

  /** Every due delivery, WORKERS webhooks at a time; answers how many were delivered. */
  async deliverDue(): Promise<number> {
    // The usual answer, nothing due: one statement, instead of a transaction for each worker.
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM webhook_deliveries d JOIN webhooks w ON w.webhook_id = d.webhook_id
        WHERE d.state = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= $1) AND w.paused_at IS NULL LIMIT 1`,
      [this.now()],
    );
    if (!rowCount) return 0;
    // Webhooks a worker serves (the others leave them to it), and those that failed in this sweep (left to their next try).
    const servedBy = new Map<string, number>();
    const failed = new Set<string>();
    const worker = async (me: number): Promise<number> => {
      let sent = 0;
      while (!this.sweeper.isStopped) {
        const others = [...servedBy].filter(([, w]) => w !== me).map(([id]) => id);
        const outcome = await this.deliverOne([...failed, ...others], (webhookId) => servedBy.set(webhookId, me));
        if (outcome === 'none') break;
        if (outcome === 'sent') sent++;
        else failed.add(outcome.failed);
      }
      return sent;
    };
    const counts = await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
    return counts.reduce((a, b) => a + b, 0);
  }

  private deliverOne(skip: readonly string[], taken: (webhookId: string) => void): Promise<Outcome> {
    return inTransaction(this.pool, async (tx): Promise<Outcome> => {
      const now = this.now();
      const { rows } = await tx.query<Due>(
        `SELECT d.webhook_id, d.event_id, d.type, d.occurred_at, d.position, d.data, d.attempts, d.first_failed_at, w.url, w.secret, w.owner_id
           FROM webhook_deliveries d JOIN webhooks w ON w.webhook_id = d.webhook_id
          WHERE d.state = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= $1) AND w.paused_at IS NULL
            AND NOT (d.webhook_id = ANY($2::uuid[]))
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.lead_id = d.lead_id
                              AND e.state = 'pending' AND e.position < d.position)
          ORDER BY d.position, d.queued_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
        [now, skip],
      );
      const d = rows[0];
      if (!d) return 'none';
      taken(d.webhook_id);
      const payload = { id: d.event_id, type: d.type, occurredAt: d.occurred_at.toISOString(), position: Number(d.position), data: d.data };
      let status: number | null = null;
      let err: unknown;
      try {
        const secret = this.secrets.open(d.secret);
        if (secret === null) throw new Error(UNREADABLE_SECRET);
        const answer = await postWebhook(this.net.outbound, d.url, secret, payload, now);
        status = answer.status;
        if (status >= 200 && status < 300) {
          await tx.query(
            `UPDATE webhook_deliveries SET state = 'sent', attempts = attempts + 1, sent_at = $3, last_attempt_at = $3, last_status = $4, last_error = NULL,
               next_attempt_at = NULL WHERE webhook_id = $1 AND event_id = $2`,
            [d.webhook_id, d.event_id, now, status],
          );
          return 'sent';
        }
        err = new Error(`HTTP ${status}${answer.excerpt ? `: ${answer.excerpt}` : ''}`);
      } catch (e) {
        err = e;
      }
      await this.recordFailure(tx, d, now, status, err);
      return { failed: d.webhook_id };
    });
  }

  private async recordFailure(tx: pg.PoolClient, d: Due, now: Date, status: number | null, err: unknown): Promise<void> {
    // A receiver's refusal is never taken as final: it may be fixed within the day the policy waits.
    const failure = { ...failureOf(err), permanent: false };
    const next = afterFailure({ attempts: d.attempts + 1, firstFailedAt: d.first_failed_at, now, failure });
    await tx.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $3, last_error = $4, last_status = $5,
         first_failed_at = coalesce(first_failed_at, $3), state = $6, next_attempt_at = $7, failed_at = CASE WHEN $6 = 'failed' THEN $3::timestamptz END
       WHERE webhook_id = $1 AND event_id = $2`,
      [d.webhook_id, d.event_id, now, failure.reason, status, next.state, next.state === 'pending' ? next.nextAttemptAt : null],
    );
    log.warn(next.state === 'failed' ? 'a webhook delivery failed for a day; the webhook is paused' : 'a webhook delivery failed; it is tried again later', {
      webhookId: d.webhook_id,
      eventId: d.event_id,
      status,
    });
    if (next.state !== 'failed') return;
    const { rowCount } = await tx.query(`UPDATE webhooks SET paused_at = $2, paused_why = 'failing' WHERE webhook_id = $1 AND paused_at IS NULL`, [
      d.webhook_id,
      now,
    ]);
    if (rowCount)
      await tx.query('INSERT INTO webhook_pause_mails (mail_id, webhook_id, owner_id, url) VALUES ($1, $2, $3, $4)', [
        newId(),
        d.webhook_id,
        d.owner_id,
        d.url,
      ]);
  }
}
