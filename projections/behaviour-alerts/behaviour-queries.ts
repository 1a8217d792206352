import type pg from 'pg';
import type { BehaviourAlertView, BehaviourKind } from '../../src/contract/behaviour-alerts';
import type { BehaviourFact, BehaviourFactKind } from '../../src/modules/behaviour/behaviour.events';

type Db = Pick<pg.Pool, 'query'>;
export type AlertViewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff' };

type FactRow = { lead_id: string; event_id: string; kind: BehaviourFactKind; at: Date; pdid: string | null; alert_id: string | null };
const factOf = (r: FactRow): BehaviourFact => ({ eventId: r.event_id, kind: r.kind, at: r.at.toISOString(), pdid: r.pdid, alertId: r.alert_id });

/**
 * A queued doing (`trigger`) of the lead that holds it now (a merged lead's are its survivor's),
 * and of the lead's earlier doings (in the log's order) those the rules can read about it: the
 * latest doing before it, the views of the same home, the views of the 25 hours before it (the
 * trigger's calendar day in any office's zone, a DST day included; the rules pick the day), and the
 * sending of the alert e-mail it opened. So a lead with a long history costs a few index reads,
 * not its whole history. Null when the doing is not kept.
 */
export async function behaviourTriggerOf(
  db: Db,
  eventId: string,
): Promise<{ readonly leadId: string; readonly trigger: BehaviourFact; readonly before: BehaviourFact[] } | null> {
  const { rows } = await db.query<FactRow & { is_trigger: boolean }>(
    `WITH t AS MATERIALIZED (SELECT lead_id, event_id, at, position, pdid, alert_id FROM behaviour_facts WHERE event_id = $1),
     earlier AS NOT MATERIALIZED (SELECT f.* FROM behaviour_facts f JOIN t ON f.lead_id = t.lead_id AND (f.at, f.position) < (t.at, t.position))
     SELECT lead_id, event_id, kind, at, pdid, alert_id, position, false AS is_trigger FROM (
       (SELECT e.* FROM earlier e WHERE e.kind <> 'alertSent' ORDER BY e.at DESC, e.position DESC LIMIT 1)
       UNION SELECT e.* FROM earlier e, t WHERE e.kind = 'view' AND e.pdid = t.pdid
       UNION SELECT e.* FROM earlier e, t WHERE e.kind = 'view' AND e.at > t.at - interval '25 hours'
       UNION SELECT e.* FROM earlier e, t WHERE e.kind = 'alertSent' AND e.alert_id = t.alert_id
     ) b
     UNION ALL SELECT f.lead_id, f.event_id, f.kind, f.at, f.pdid, f.alert_id, f.position, true FROM behaviour_facts f JOIN t ON f.event_id = t.event_id
     ORDER BY at, position`,
    [eventId],
  );
  const trigger = rows.find((r) => r.is_trigger);
  if (!trigger) return null;
  return { leadId: trigger.lead_id, trigger: factOf(trigger), before: rows.filter((r) => !r.is_trigger).map(factOf) };
}

/**
 * The newest alerts the viewer is told of: an agent's own (the agent told when each was raised),
 * a broker's office's and their own, staff all; one lead's with `leadId`.
 */
export async function behaviourAlertsFor(
  db: Db,
  viewer: AlertViewer,
  o: { readonly leadId?: string; readonly alertId?: string; readonly limit: number },
): Promise<BehaviourAlertView[]> {
  const params: unknown[] = [o.limit];
  const where: string[] = [];
  if (viewer.role !== 'staff') {
    params.push(viewer.userId);
    where.push(viewer.role === 'agent' ? `a.agent_id = $2` : `(a.office_id = $2 OR a.agent_id = $2)`);
  }
  if (o.leadId) {
    params.push(o.leadId);
    where.push(`a.lead_id = $${params.length}`);
  }
  if (o.alertId) {
    params.push(o.alertId);
    where.push(`a.alert_id = $${params.length}`);
  }
  const { rows } = await db.query<{
    alert_id: string;
    lead_id: string;
    full_name: string | null;
    kind: BehaviourKind;
    reason: string;
    agent_id: string | null;
    at: Date;
  }>(
    `SELECT a.alert_id, a.lead_id, l.full_name, a.kind, a.reason, a.agent_id, a.at FROM behaviour_alerts a LEFT JOIN behaviour_leads l ON l.lead_id = a.lead_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.raised_at DESC, a.alert_id LIMIT $1`,
    params,
  );
  return rows.map((r) => ({
    alertId: r.alert_id,
    leadId: r.lead_id,
    leadName: r.full_name ?? '',
    kind: r.kind,
    reason: r.reason,
    agentId: r.agent_id,
    at: r.at.toISOString(),
  }));
}

/** One alert as listed, whoever's (the mail sender's read). */
export async function behaviourAlertOf(db: Db, alertId: string): Promise<BehaviourAlertView | null> {
  const [a] = await behaviourAlertsFor(db, { userId: '', role: 'staff' }, { alertId, limit: 1 });
  return a ?? null;
}
