import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { digestSubscribers } from '../../../../projections/home-digest';
import { stableId } from '../../../shared/stable-id';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { OutboxKit } from '../../messaging';

/** Often enough that a new month's digests start within the hour; each sweep is one insert per subscriber, kept once. */
const SWEEP_MS = 15 * 60_000;

/** The outbox row of a lead's digest of a month: one id per lead and month, so every instance and every restart queues the same row. */
export const digestMailId = (leadId: string, month: string): string => stableId(`home digest ${leadId} ${month}`);

/**
 * Queues the month's homeowner digest of every lead whose digest is on: one row
 * per lead and month in seller_mail_outbox, its primary key derived from both, so two instances
 * sweeping at once, a restart, or a sweep every quarter hour all queue it exactly once; the
 * seller mail sender sends it under the outbox's one retry policy. Answers how many rows were new.
 */
export async function queueDigests(db: pg.Pool, now: Date): Promise<number> {
  const month = now.toISOString().slice(0, 7);
  const leads = await digestSubscribers(db);
  if (leads.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO seller_mail_outbox (mail_id, kind, lead_id, ref, queued_at)
     SELECT id, 'digest', lead, $3, $4 FROM unnest($1::uuid[], $2::uuid[]) AS t(id, lead)
     ON CONFLICT (mail_id) DO NOTHING`,
    [leads.map((l) => digestMailId(l, month)), leads, month, now.toISOString()],
  );
  return rowCount ?? 0;
}

@Injectable()
export class HomeDigestScheduler extends SweptReactor {
  constructor(@Inject(OutboxKit) private readonly kit: OutboxKit) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'home digest months', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<number> {
    return queueDigests(this.kit.pool, new Date());
  }
}
