import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { BEHAVIOUR_QUEUED, behaviourTriggerOf } from '../../../../projections/behaviour-alerts';
import { passedBy } from '../../../../projections/runner';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { DB_POOL, RUNTIME } from '../../../runtime/tokens';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { inTransaction } from '../../../database/database';
import { EventStore } from '../../../eventstore/event-store.port';
import { loadLead } from '../../leads';
import type { ReactorOutbox } from '../../messaging';
import { behaviourAlertsStream } from '../behaviour.events';
import { thresholdsOf } from '../thresholds/thresholds-of';
import { detectBehaviour } from './detect-behaviour';
import { zoneOfUsers } from '../../tasks';
import { raiseAlertsDecider } from './raise-alert.decide';

const SWEEP_MS = 2000;
/** A lead's doing older than this when the detector gets to it (the instances were down) is not news: no alert, never late. */
export const BEHAVIOUR_STALE_MS = 24 * 3600_000;

/** The queue this folder owns, filled by its queue projection (behaviour-alert.queue.ts). */
export const BEHAVIOUR_QUEUE: ReactorOutbox = { outboxTables: ['behaviour_alert_queue'] };
/** A queued doing is evaluated once the read model holding the lead's history has applied it. */
const READY = passedBy('behaviour_alerts');

type QueueRow = { event_id: string; lead_id: string; at: Date };

/**
 * The behaviour detector, a process manager: each lead event its queue (behaviour-alert.queue.ts)
 * holds is taken once the behaviour_alerts read model has passed it, once, under its row lock (FOR UPDATE SKIP LOCKED: two instances never take the
 * same), the lead's earlier doings the rules can read about it come from the read model and the office's thresholds from
 * their stream, the rules (detectBehaviour, pure) say what it means, and the alerts are decided on
 * the lead's alert stream (raiseAlertsDecider: ids derived from the lead, kind and window, so an
 * alert already there is not raised again), then the row is marked in the same transaction. A
 * crash between the append and the commit leaves the row pending; taken again, it decides
 * nothing new. The deliveries follow from the event (the read model's push, web push, e-mail).
 * `sweep(now)` takes the clock, so tests decide at any instant.
 */
@Injectable()
export class BehaviourDetector extends SweptReactor {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'behaviour alerts', everyMs: SWEEP_MS, signal: { name: BEHAVIOUR_QUEUED, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.sweep(new Date());
  }

  /** Evaluates every queued event, one at a time; answers how many alerts were raised. */
  async sweep(now: Date): Promise<number> {
    let raised = 0;
    while (!this.sweeper.isStopped) {
      const n = await this.evaluateOne(now);
      if (n === null) break;
      raised += n;
    }
    return raised;
  }

  /** One queued event: its alerts raised and the row marked; null when none is pending. */
  private evaluateOne(now: Date): Promise<number | null> {
    return inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<QueueRow>(
        `SELECT event_id, lead_id, at FROM behaviour_alert_queue WHERE state = 'pending' AND ${READY} ORDER BY at, event_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return null;
      const { state, raised } = now.getTime() - row.at.getTime() > BEHAVIOUR_STALE_MS ? { state: 'stale', raised: 0 } : await this.evaluate(row, now);
      await tx.query(`UPDATE behaviour_alert_queue SET state = $2, done_at = $3 WHERE event_id = $1`, [row.event_id, state, now]);
      return raised;
    });
  }

  private async evaluate(row: QueueRow, now: Date): Promise<{ state: string; raised: number }> {
    const history = await behaviourTriggerOf(this.pool, row.event_id);
    if (!history) return { state: 'dropped', raised: 0 };
    const { lead } = await loadLead(this.store, history.leadId);
    if (!lead.exists) return { state: 'dropped', raised: 0 };
    // A pond lead is nobody's yet: its office's dashboards show its doings, no agent is alerted.
    if (!lead.agentId) return { state: 'no-agent', raised: 0 };
    const { thresholds } = await thresholdsOf(this.store, lead.officeId);
    const { trigger } = history;
    // "A day" is the office's: its broker's time zone, else the agent's, else the default.
    const zone = await zoneOfUsers(this.store, [lead.officeId, lead.agentId]);
    const alerts = detectBehaviour(history.before, trigger, thresholds, zone);
    if (alerts.length === 0) return { state: 'quiet', raised: 0 };
    const { events } = await handleCommand(
      this.store,
      behaviourAlertsStream(history.leadId),
      raiseAlertsDecider,
      { leadId: history.leadId, alerts, causeEventId: trigger.eventId, at: trigger.at, agentId: lead.agentId, officeId: lead.officeId },
      systemContext(now, lead.siteId),
    );
    return { state: 'raised', raised: events.length };
  }
}
