import type pg from 'pg';

/** An agent's or broker's public page as the agent_pages read model has it. */
export type AgentPage = {
  readonly userId: string;
  readonly pageKey: string;
  readonly level: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly cellPhone: string | null;
  readonly photo: string | null;
  readonly bio: string;
  readonly mlsId: string | null;
  readonly officeId: string | null;
  readonly changedAt: string;
};

type Row = {
  user_id: string;
  page_key: string;
  level: number;
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string | null;
  photo: string | null;
  bio: string;
  mls_id: string | null;
  office_id: string | null;
  changed_at: Date;
};

const COLUMNS = 'user_id, page_key, level, first_name, last_name, email, cell_phone, photo, bio, mls_id, office_id, changed_at';
const toPage = (r: Row): AgentPage => ({
  userId: r.user_id,
  pageKey: r.page_key,
  level: r.level,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  cellPhone: r.cell_phone,
  photo: r.photo,
  bio: r.bio,
  mlsId: r.mls_id,
  officeId: r.office_id,
  changedAt: r.changed_at.toISOString(),
});

/** The page of this key (see agentPageKey), unless its person was offboarded. */
export async function agentPageByKey(pool: pg.Pool, pageKey: string): Promise<AgentPage | undefined> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM agent_pages WHERE page_key = $1 AND NOT offboarded ORDER BY user_id LIMIT 1`, [pageKey]);
  return rows[0] ? toPage(rows[0]) : undefined;
}

/** The page of this person, unless they were offboarded. */
export async function agentPageById(pool: pg.Pool, userId: string): Promise<AgentPage | undefined> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM agent_pages WHERE user_id = $1 AND NOT offboarded`, [userId]);
  return rows[0] ? toPage(rows[0]) : undefined;
}

/** The one agent whose MLS id this is (an id two people claim names neither), for a listing's "listed by". */
export async function agentPageByMlsId(pool: pg.Pool, mlsId: string): Promise<AgentPage | undefined> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM agent_pages WHERE mls_id = $1 AND NOT offboarded LIMIT 2`, [mlsId]);
  return rows.length === 1 ? toPage(rows[0]!) : undefined;
}

/** The people of a site's owner: the owner and, for a broker, the office's agents; broker first, then by name. */
export async function agentPagesOf(pool: pg.Pool, ownerUserId: string, withOffice: boolean): Promise<AgentPage[]> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM agent_pages WHERE (user_id = $1 OR ($2 AND office_id = $1)) AND NOT offboarded
     ORDER BY level DESC, last_name, first_name, user_id LIMIT 2000`,
    [ownerUserId, withOffice],
  );
  return rows.map(toPage);
}
