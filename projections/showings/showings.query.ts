import type pg from 'pg';
import type { ShowingStatus, ShowingView } from '../../src/contract/showings';

/** Whose showings: one agent's, an office's (its broker's and its leads'), everyone's (staff), or one lead's. */
export type ShowingScope =
  | { readonly kind: 'agent'; readonly userId: string }
  | { readonly kind: 'office'; readonly officeId: string }
  | { readonly kind: 'all' }
  | { readonly kind: 'lead'; readonly leadId: string };

type Row = {
  showing_id: string;
  lead_id: string;
  full_name: string | null;
  agent_id: string | null;
  pdid: string;
  address: string;
  time_zone: string;
  start_at: Date;
  end_at: Date;
  status: ShowingStatus;
  proposed_by: 'lead' | 'agent';
  message: string;
};

/** A requested showing is its lead's agent's; a confirmed one stays with the organizer the lead was told. */
const AGENT = 'coalesce(s.organizer_id, l.agent_id)';
const SELECT = `SELECT s.showing_id, s.lead_id, l.full_name, ${AGENT} AS agent_id, s.pdid, s.address, s.time_zone, s.start_at, s.end_at, s.status, s.proposed_by, s.message
  FROM showings s LEFT JOIN showing_leads l ON l.lead_id = s.lead_id`;
const LIMIT = 1000;

const view = (r: Row): ShowingView => ({
  showingId: r.showing_id,
  leadId: r.lead_id,
  leadName: r.full_name,
  agentId: r.agent_id,
  pdid: r.pdid,
  address: r.address,
  timeZone: r.time_zone,
  start: r.start_at.toISOString(),
  end: r.end_at.toISOString(),
  status: r.status,
  proposedBy: r.proposed_by,
  message: r.message,
});

/** The scope's showings that overlap [from, to) (a lead's: all of them), soonest first. */
export async function listShowings(pool: pg.Pool, scope: ShowingScope, range: { readonly from: Date; readonly to: Date } | null): Promise<ShowingView[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (range) where.push(`s.start_at < $${params.push(range.to)} AND s.end_at > $${params.push(range.from)}`);
  if (scope.kind === 'agent') where.push(`${AGENT} = $${params.push(scope.userId)}`);
  if (scope.kind === 'office') {
    const n = params.push(scope.officeId);
    where.push(`(l.office_id = $${n} OR ${AGENT} = $${n})`);
  }
  if (scope.kind === 'lead') where.push(`s.lead_id = $${params.push(scope.leadId)}`);
  const { rows } = await pool.query<Row>(`${SELECT} WHERE ${where.join(' AND ') || 'true'} ORDER BY s.start_at, s.showing_id LIMIT ${LIMIT}`, params);
  return rows.map(view);
}

export type ShowingRequest = {
  readonly eventId: string;
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly pdid: string;
  readonly preferredAt: string;
  readonly message: string;
};

/** Leads' showing requests not yet made into appointments, oldest first. */
export async function pendingShowingRequests(pool: pg.Pool, limit = 100): Promise<ShowingRequest[]> {
  const { rows } = await pool.query<{ event_id: string; lead_id: string; user_id: string; site_id: string; pdid: string; preferred_at: Date; message: string }>(
    `SELECT event_id, lead_id, user_id, site_id, pdid, preferred_at, message FROM showing_requests ORDER BY requested_at, event_id LIMIT ${Number(limit)}`,
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    leadId: r.lead_id,
    userId: r.user_id,
    siteId: r.site_id,
    pdid: r.pdid,
    preferredAt: r.preferred_at.toISOString(),
    message: r.message,
  }));
}

/** What a showing's notices are about: the office's proposal of a time (the lead may accept it), the invitation (REQUEST), the cancellation, the day-before reminder. */
export type NoticeKind = 'propose' | 'invite' | 'cancel' | 'reminder';
/** `sequence`: the showing's SEQUENCE the notice is for (a move or a cancellation is a new one, so a new notice). */
export type DueNotice = { readonly showingId: string; readonly kind: NoticeKind; readonly sequence: number };

/**
 * Notices not yet decided in showing_notice_outbox (a plain table of migration 18): the lead's
 * invitation for a confirmed showing's current SEQUENCE, the cancellation of a cancelled one (to
 * the lead and the agent) — both only while the showing is still ahead — and reminders whose
 * time (9 am the day before) has come since `since`, for showings confirmed at that time before it.
 * And the proposal of a requested showing whose time the office set (proposed it, or another
 * time than the lead asked for), while ahead, when that time was set since `since` (a proposal
 * is news, not history: one from before the proposals were e-mailed is not sent).
 */
export async function dueShowingNotices(pool: pg.Pool, now: Date, since: Date, limit = 100): Promise<DueNotice[]> {
  const missing = (kind: NoticeKind, recipients: number) =>
    `(SELECT count(*) FROM showing_notice_outbox o WHERE o.showing_id = s.showing_id AND o.kind = '${kind}' AND o.sequence = s.sequence) < ${recipients}`;
  const { rows } = await pool.query<{ showing_id: string; kind: NoticeKind; sequence: number }>(
    `SELECT s.showing_id, 'invite' AS kind, s.sequence FROM showings s WHERE s.status = 'confirmed' AND s.start_at > $1 AND ${missing('invite', 1)}
     UNION ALL
     SELECT s.showing_id, 'propose', s.sequence FROM showings s
      WHERE s.status = 'requested' AND (s.proposed_by = 'agent' OR s.sequence > 0) AND s.start_at > $1 AND s.changed_at > $2 AND ${missing('propose', 1)}
     UNION ALL
     SELECT s.showing_id, 'cancel', s.sequence FROM showings s WHERE s.status = 'cancelled' AND s.start_at > $1 AND ${missing('cancel', 2)}
     UNION ALL
     SELECT s.showing_id, 'reminder', s.sequence FROM showings s
      WHERE s.status = 'confirmed' AND s.remind_at <= $1 AND s.remind_at > $2 AND s.remind_at > s.scheduled_at AND s.start_at > $1 AND ${missing('reminder', 1)}
     LIMIT ${Number(limit)}`,
    [now, since],
  );
  return rows.map((r) => ({ showingId: r.showing_id, kind: r.kind, sequence: r.sequence }));
}
