import type pg from 'pg';
import type { Viewer } from '../lead-feed';

/** The period and, for brokers and staff, one agent to look at. */
export type ReportRange = { readonly from: Date; readonly to: Date; readonly agentId: string | null };

export type LeadReport = {
  readonly newLeadsBySource: readonly { source: string; count: number }[];
  /** Monday of each ISO week (UTC) with the leads created that week; weeks without leads are listed with 0. */
  readonly newLeadsByWeek: readonly { week: string; count: number }[];
  /** Seconds from capture to first contact, over the leads of the period that were contacted. */
  readonly firstContact: { readonly total: number; readonly contacted: number; readonly medianSeconds: number | null; readonly p90Seconds: number | null };
  /** How many leads of the period have been in each stage (a lead counts once per stage). */
  readonly stagesReached: readonly { stage: string; count: number }[];
  readonly perAgent: readonly { agentId: string; leads: number; contacted: number; medianSeconds: number | null; p90Seconds: number | null }[];
};

/** The viewer's leads: an agent's own, a broker's office (and own), everything for staff; narrowed to one agent when asked. `at`: the column the period is of. */
function scope(viewer: Viewer, range: ReportRange, params: unknown[], at = 'r.created_at', who = 'r'): string {
  const parts = [`${at} >= $${params.push(range.from)}`, `${at} < $${params.push(range.to)}`];
  if (viewer.role === 'agent') parts.push(`${who}.agent_id = $${params.push(viewer.userId)}`);
  if (viewer.role === 'broker') {
    const n = params.push(viewer.userId);
    parts.push(`(${who}.office_id = $${n} OR ${who}.agent_id = $${n})`);
  }
  if (range.agentId) parts.push(`${who}.agent_id = $${params.push(range.agentId)}`);
  return parts.join(' AND ');
}

const secondsOrNull = (v: string | null) => (v === null ? null : Math.round(Number(v)));

/** Everything the reports page shows, in one round of queries over report_leads. */
export async function leadReport(db: pg.Pool, viewer: Viewer, range: ReportRange): Promise<LeadReport> {
  const p: unknown[] = [];
  const where = scope(viewer, range, p);
  const contact = `extract(epoch FROM r.first_contact_at - r.created_at)`;
  const [sources, weeks, first, stages, agents] = await Promise.all([
    db.query<{ source: string; count: number }>(`SELECT r.source, count(*)::int AS count FROM report_leads r WHERE ${where} GROUP BY 1 ORDER BY 2 DESC, 1`, p),
    db.query<{ week: string; count: number }>(
      `SELECT to_char(w.week, 'YYYY-MM-DD') AS week, count(r.lead_id)::int AS count
       FROM generate_series(date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'), ($2::timestamptz AT TIME ZONE 'UTC') - interval '1 microsecond', interval '1 week') AS w(week)
       LEFT JOIN report_leads r ON date_trunc('week', r.created_at AT TIME ZONE 'UTC') = w.week AND ${where}
       GROUP BY 1 ORDER BY 1`,
      p,
    ),
    db.query<{ total: number; contacted: number; median: string | null; p90: string | null }>(
      `SELECT count(*)::int AS total, count(r.first_contact_at)::int AS contacted,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${contact}) AS median,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY ${contact}) AS p90
       FROM report_leads r WHERE ${where}`,
      p,
    ),
    db.query<{ stage: string; count: number }>(
      `SELECT s.stage, count(*)::int AS count FROM report_leads r, unnest(r.stages) AS s(stage) WHERE ${where} GROUP BY 1`,
      p,
    ),
    db.query<{ agent_id: string; leads: number; contacted: number; median: string | null; p90: string | null }>(
      `SELECT r.agent_id, count(*)::int AS leads, count(r.first_contact_at)::int AS contacted,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${contact}) AS median,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY ${contact}) AS p90
       FROM report_leads r WHERE ${where} AND r.agent_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
      p,
    ),
  ]);
  const f = first.rows[0]!;
  return {
    newLeadsBySource: sources.rows,
    newLeadsByWeek: weeks.rows,
    firstContact: { total: f.total, contacted: f.contacted, medianSeconds: secondsOrNull(f.median), p90Seconds: secondsOrNull(f.p90) },
    stagesReached: stages.rows,
    perAgent: agents.rows.map((r) => ({
      agentId: r.agent_id,
      leads: r.leads,
      contacted: r.contacted,
      medianSeconds: secondsOrNull(r.median),
      p90Seconds: secondsOrNull(r.p90),
    })),
  };
}

type Undelivered = { texts: number; emails: number };
/**
 * Messages of the period that never reached the lead: texts the carrier reported undelivered or
 * failed (by when they were sent), e-mails the relay reported bounced or complained about (by
 * when it reported), counted for the agent who sent each (or whose automation did) and the lead's
 * office at the time, whoever holds the lead now.
 */
export type UndeliveredReport = Undelivered & {
  readonly perOffice: readonly ({ officeId: string } & Undelivered)[];
  readonly perAgent: readonly ({ agentId: string } & Undelivered)[];
};

export async function undeliveredReport(db: pg.Pool, viewer: Viewer, range: ReportRange): Promise<UndeliveredReport> {
  const p: unknown[] = [];
  const { rows } = await db.query<{ office_id: string | null; agent_id: string | null; kind: 'text' | 'email'; count: number }>(
    `SELECT office_id, agent_id, kind, count(*)::int AS count FROM (
       SELECT t.office_id, t.agent_id, 'text' AS kind FROM report_texts t
        WHERE t.lead_id IS NOT NULL AND t.state IN ('undelivered', 'failed') AND ${scope(viewer, range, p, 't.at', 't')}
       UNION ALL
       SELECT b.office_id, b.agent_id, 'email' AS kind FROM report_email_bounces b WHERE ${scope(viewer, range, p, 'b.at', 'b')}
     ) x GROUP BY 1, 2, 3`,
    p,
  );
  const tally = <K extends string>(key: (r: (typeof rows)[number]) => K | null) => {
    const by = new Map<K, Undelivered>();
    for (const r of rows) {
      const k = key(r);
      if (!k) continue;
      const t = by.get(k) ?? { texts: 0, emails: 0 };
      if (r.kind === 'text') t.texts += r.count;
      else t.emails += r.count;
      by.set(k, t);
    }
    return [...by].sort(([a, x], [b, y]) => y.texts + y.emails - (x.texts + x.emails) || a.localeCompare(b));
  };
  const sum = (kind: 'text' | 'email') => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
  return {
    texts: sum('text'),
    emails: sum('email'),
    perOffice: tally((r) => r.office_id).map(([officeId, t]) => ({ officeId, ...t })),
    perAgent: tally((r) => r.agent_id).map(([agentId, t]) => ({ agentId, ...t })),
  };
}
