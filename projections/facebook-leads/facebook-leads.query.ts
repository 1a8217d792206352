import type pg from 'pg';

export type FacebookPageRow = {
  readonly pageId: string;
  readonly name: string;
  readonly connectedAt: string;
  readonly status: 'connected' | 'reconnect';
  readonly problem: string | null;
};

/** An office's connected pages, by name. */
export async function facebookPagesOf(pool: pg.Pool, officeId: string): Promise<FacebookPageRow[]> {
  const { rows } = await pool.query<{ page_id: string; name: string; connected_at: Date; problem: string | null }>(
    'SELECT page_id, name, connected_at, problem FROM facebook_pages WHERE office_id = $1 ORDER BY lower(name), page_id',
    [officeId],
  );
  return rows.map((r) => ({
    pageId: r.page_id,
    name: r.name,
    connectedAt: r.connected_at.toISOString(),
    status: r.problem ? 'reconnect' : 'connected',
    problem: r.problem,
  }));
}

export type FacebookLeadStats = {
  readonly days: number;
  readonly forms: { officeId: string; pageId: string; formId: string; formName: string; source: string; leads: number; lastAt: string }[];
  readonly perDay: { day: string; formId: string; leads: number }[];
};

/** Leads delivered per form (most first) and per form and UTC day, sent within the last `days` days. */
export async function facebookLeadStats(pool: pg.Pool, days: number, now: Date = new Date()): Promise<FacebookLeadStats> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const forms = await pool.query<{ office_id: string; page_id: string; form_id: string; form_name: string; source: string; leads: string; last_at: Date }>(
    `SELECT office_id, page_id, form_id, (array_agg(form_name ORDER BY submitted_at DESC))[1] AS form_name,
            (array_agg(source ORDER BY submitted_at DESC))[1] AS source, count(*) AS leads, max(submitted_at) AS last_at
       FROM facebook_leads WHERE submitted_at >= $1 GROUP BY office_id, page_id, form_id ORDER BY count(*) DESC, form_id`,
    [since],
  );
  const perDay = await pool.query<{ day: string; form_id: string; leads: string }>(
    `SELECT to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, form_id, count(*) AS leads
       FROM facebook_leads WHERE submitted_at >= $1 GROUP BY 1, form_id ORDER BY 1, form_id`,
    [since],
  );
  return {
    days,
    forms: forms.rows.map((r) => ({
      officeId: r.office_id,
      pageId: r.page_id,
      formId: r.form_id,
      formName: r.form_name,
      source: r.source,
      leads: Number(r.leads),
      lastAt: r.last_at.toISOString(),
    })),
    perDay: perDay.rows.map((r) => ({ day: r.day, formId: r.form_id, leads: Number(r.leads) })),
  };
}
