import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { digestSubscribers } from '../../../../projections/home-digest';
import { marketSubscriberLeads } from '../../../../projections/market-subscribers';
import { stableId } from '../../../shared/stable-id';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { OutboxKit } from '../../messaging';

/** Often enough that a new month's digests start within the hour; each sweep is one insert per subscriber, kept once. */
const SWEEP_MS = 15 * 60_000;

/** The outbox row of a lead's digest of a month: one id per lead and month, so every instance and every restart queues the same row. */
export const digestMailId = (leadId: string, month: string): string => stableId(`home digest ${leadId} ${month}`);
/** The outbox row of a lead's market report e-mail of a month (every area they follow in one e-mail): one per lead and month. */
export const marketMailId = (leadId: string, month: string): string => stableId(`market report ${leadId} ${month}`);

const QUEUE = `INSERT INTO seller_mail_outbox (mail_id, kind, lead_id, ref, queued_at)
  SELECT id, $5, lead, $3, $4 FROM unnest($1::uuid[], $2::uuid[]) AS t(id, lead)
  ON CONFLICT (mail_id) DO NOTHING`;

/**
 * Queues the month's seller e-mails: the homeowner digest of every lead whose digest is on, and
 * the market report e-mail of every lead who follows an area. One row per lead, kind and month in
 * seller_mail_outbox, its primary key derived from them, so two instances sweeping at once, a
 * restart, or a sweep every quarter hour all queue it exactly once; the seller mail sender sends
 * it under the outbox's one retry policy. Answers how many rows were new.
 */
export async function queueDigests(db: pg.Pool, now: Date): Promise<number> {
  const month = now.toISOString().slice(0, 7);
  const [digests, markets] = await Promise.all([digestSubscribers(db), marketSubscriberLeads(db)]);
  let queued = 0;
  for (const [kind, leads, idOf] of [
    ['digest', digests, digestMailId],
    ['market', markets, marketMailId],
  ] as const) {
    if (leads.length === 0) continue;
    const { rowCount } = await db.query(QUEUE, [leads.map((l) => idOf(l, month)), leads, month, now.toISOString(), kind]);
    queued += rowCount ?? 0;
  }
  return queued;
}

@Injectable()
export class HomeDigestScheduler extends SweptReactor {
  constructor(@Inject(OutboxKit) private readonly kit: OutboxKit) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'seller mail months', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<number> {
    return queueDigests(this.kit.pool, new Date());
  }
}
