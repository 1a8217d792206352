import type pg from 'pg';
import type { BehaviourAlertView, BehaviourKind } from '../../src/contract/behaviour-alerts';
import type { BehaviourFact, BehaviourFactKind } from '../../src/modules/behaviour/behaviour.events';

type Db = Pick<pg.Pool, 'query'>;
export type AlertViewer = { readonly userId: string; readonly role: 'agent' | 'broker' | 'staff' };

/**
 * The doings of the lead that holds this event now (a merged lead's are its survivor's), oldest
 * first (the log's order within a time); null when the event is not kept.
 */
export async function behaviourHistoryOf(db: Db, eventId: string): Promise<{ readonly leadId: string; readonly facts: BehaviourFact[] } | null> {
  const { rows } = await db.query<{ lead_id: string; event_id: string; kind: BehaviourFactKind; at: Date; pdid: string | null; alert_id: string | null }>(
    `SELECT lead_id, event_id, kind, at, pdid, alert_id FROM behaviour_facts WHERE lead_id = (SELECT lead_id FROM behaviour_facts WHERE event_id = $1) ORDER BY at, position`,
    [eventId],
  );
  if (rows.length === 0) return null;
  return { leadId: rows[0]!.lead_id, facts: rows.map((r) => ({ eventId: r.event_id, kind: r.kind, at: r.at.toISOString(), pdid: r.pdid, alertId: r.alert_id })) };
}

/**
 * The newest alerts the viewer is told of: an agent's own (the agent told when each was raised),
 * a broker's office's and their own, staff all; one lead's with `leadId`.
 */
export async function behaviourAlertsFor(db: Db, viewer: AlertViewer, o: { readonly leadId?: string; readonly alertId?: string; readonly limit: number }): Promise<BehaviourAlertView[]> {
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
  const { rows } = await db.query<{ alert_id: string; lead_id: string; full_name: string | null; kind: BehaviourKind; reason: string; agent_id: string; at: Date }>(
    `SELECT a.alert_id, a.lead_id, l.full_name, a.kind, a.reason, a.agent_id, a.at FROM behaviour_alerts a LEFT JOIN behaviour_leads l ON l.lead_id = a.lead_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.raised_at DESC, a.alert_id LIMIT $1`,
    params,
  );
  return rows.map((r) => ({ alertId: r.alert_id, leadId: r.lead_id, leadName: r.full_name ?? '', kind: r.kind, reason: r.reason, agentId: r.agent_id, at: r.at.toISOString() }));
}

/** One alert as listed, whoever's (the mail sender's read). */
export async function behaviourAlertOf(db: Db, alertId: string): Promise<BehaviourAlertView | null> {
  const [a] = await behaviourAlertsFor(db, { userId: '', role: 'staff' }, { alertId, limit: 1 });
  return a ?? null;
}
