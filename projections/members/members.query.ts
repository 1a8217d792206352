import type pg from 'pg';
import type { Member, MemberCriteria } from '../../src/contract/backoffice';

export type { Member, MemberCriteria } from '../../src/contract/backoffice';

type Row = {
  user_id: string;
  full_name: string;
  email: string;
  phone: string | null;
  security_level: number;
  site_id: string | null;
  subdomain: string | null;
  site_name: string | null;
  status: Member['status'];
  merged_into: string | null;
  login_count: number;
  last_login_at: Date | null;
  created_at: Date;
  total?: string;
};

const toMember = (r: Row): Member => ({
  userId: r.user_id,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  securityLevel: r.security_level,
  siteId: r.site_id,
  siteSubdomain: r.subdomain,
  siteName: r.site_name,
  status: r.status,
  mergedInto: r.merged_into,
  loginCount: r.login_count,
  lastLoginAt: r.last_login_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** A LIKE pattern that matches the text anywhere, with LIKE's own wildcards taken literally. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SELECT = `SELECT m.user_id, m.full_name, m.email, m.phone, m.security_level, s.site_id, s.subdomain, s.name AS site_name,
                       m.status, m.merged_into, m.login_count, m.last_login_at, m.created_at`;

/**
 * A member's site: the one they own (an agent's own site, a broker's office site; the one they
 * signed up on first when they own several), else the one they signed up on (a lead's).
 */
const MEMBER_SITE = `LEFT JOIN LATERAL (
  SELECT site_id, subdomain, name FROM member_sites
  WHERE owner_user_id = m.user_id OR site_id = m.site_id
  ORDER BY (owner_user_id = m.user_id) DESC, (site_id = m.site_id) DESC, subdomain LIMIT 1
) s ON true`;

/**
 * Member search over the members read model. Every text criterion is a substring match served by
 * a trigram index (pg_trgm); all criteria must hold. Exact e-mail matches come first, then by
 * last and first name.
 */
export async function findMembers(pool: pg.Pool, c: MemberCriteria): Promise<{ members: Member[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  for (const word of (c.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const digitsOnly = word.replace(/[\s().+-]/g, '');
    add((p) => `m.search LIKE ${p}`, contains(/^\d{3,}$/.test(digitsOnly) ? digitsOnly : word));
  }
  if (c.email?.trim()) add((p) => `m.email LIKE ${p}`, contains(c.email.trim().toLowerCase()));
  if (c.name?.trim()) add((p) => `lower(m.full_name) LIKE ${p}`, contains(c.name.trim().toLowerCase()));
  if (c.phone?.replace(/\D/g, '')) add((p) => `m.phone_digits LIKE ${p}`, contains(c.phone.replace(/\D/g, '')));
  if (c.site?.trim()) {
    add(
      // The sites are found once (an init plan); members then come from two index scans, OR-ed.
      (p) => `(m.site_id = ANY(ARRAY(SELECT site_id FROM member_sites WHERE subdomain ILIKE ${p} OR name ILIKE ${p} OR domain_name ILIKE ${p}))
              OR m.user_id = ANY(ARRAY(SELECT owner_user_id FROM member_sites WHERE subdomain ILIKE ${p} OR name ILIKE ${p} OR domain_name ILIKE ${p})))`,
      contains(c.site.trim()),
    );
  }
  if (c.level !== undefined) add((p) => `m.security_level = ${p}`, c.level);
  if (c.status) add((p) => `m.status = ${p}`, c.status);
  const exact = (c.q ?? '').trim().toLowerCase();
  params.push(exact, c.perpage, (c.page - 1) * c.perpage);
  const n = params.length;
  const { rows } = await pool.query<Row>(
    `${SELECT}, count(*) OVER () AS total
     FROM members m ${MEMBER_SITE}
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY (m.email = $${n - 2}) DESC, lower(m.last_name), lower(m.first_name), m.user_id
     LIMIT $${n - 1} OFFSET $${n}`,
    params,
  );
  const total = rows[0]?.total !== undefined ? Number(rows[0].total) : c.page > 1 ? await countMembers(pool, where, params.slice(0, n - 3)) : 0;
  return { members: rows.map(toMember), total };
}

/** A page past the end has no rows to carry the count. */
async function countMembers(pool: pg.Pool, where: string[], params: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM members m ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params);
  return Number(rows[0]?.n ?? 0);
}

export async function memberById(pool: pg.Pool, userId: string): Promise<Member | null> {
  const { rows } = await pool.query<Row>(`${SELECT} FROM members m ${MEMBER_SITE} WHERE m.user_id = $1`, [userId]);
  return rows[0] ? toMember(rows[0]) : null;
}

export type SiteHit = { readonly siteId: string; readonly subdomain: string; readonly name: string; readonly ownerUserId: string };

export async function findSites(pool: pg.Pool, q: string, limit: number): Promise<SiteHit[]> {
  const { rows } = await pool.query<{ site_id: string; subdomain: string; name: string; owner_user_id: string }>(
    `SELECT site_id, subdomain, name, owner_user_id FROM member_sites
     WHERE subdomain ILIKE $1 OR name ILIKE $1 OR domain_name ILIKE $1 ORDER BY subdomain LIMIT $2`,
    [contains(q.trim()), limit],
  );
  return rows.map((r) => ({ siteId: r.site_id, subdomain: r.subdomain, name: r.name, ownerUserId: r.owner_user_id }));
}

/** Sites an account owns, for its back-office page. */
export async function sitesOwnedBy(pool: pg.Pool, userId: string): Promise<{ siteId: string; subdomain: string; name: string }[]> {
  const { rows } = await pool.query<{ site_id: string; subdomain: string; name: string }>(
    'SELECT site_id, subdomain, name FROM member_sites WHERE owner_user_id = $1 ORDER BY subdomain',
    [userId],
  );
  return rows.map((r) => ({ siteId: r.site_id, subdomain: r.subdomain, name: r.name }));
}

export type Person = { readonly userId: string; readonly name: string; readonly email: string; readonly securityLevel: number };

/** Names for the actors and impersonators a history page shows. */
export async function peopleByIds(pool: pg.Pool, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ user_id: string; full_name: string; email: string; security_level: number }>(
    'SELECT user_id, full_name, email, security_level FROM members WHERE user_id = ANY($1::uuid[])',
    [ids],
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.full_name, email: r.email, securityLevel: r.security_level }));
}

/** Members by level and by status, and the number of sites: the platform's headline figures. */
export async function memberCounts(pool: pg.Pool): Promise<{ byLevel: Record<number, number>; byStatus: Record<string, number>; sites: number }> {
  const [levels, statuses, sites] = await Promise.all([
    pool.query<{ level: number; n: string }>('SELECT security_level AS level, count(*) AS n FROM members GROUP BY 1 ORDER BY 1'),
    pool.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM members GROUP BY 1 ORDER BY 1'),
    pool.query<{ n: string }>('SELECT count(*) AS n FROM member_sites'),
  ]);
  return {
    byLevel: Object.fromEntries(levels.rows.map((r) => [r.level, Number(r.n)])),
    byStatus: Object.fromEntries(statuses.rows.map((r) => [r.status, Number(r.n)])),
    sites: Number(sites.rows[0]?.n ?? 0),
  };
}

/**
 * Where an account's mail goes now (issue 18): the account it was merged into (followed through
 * merges of merges), else itself. An unmerge clears the alias, so the mail goes back.
 */
export async function currentAccountOf(db: pg.Pool | pg.ClientBase, userId: string): Promise<string> {
  const { rows } = await db.query<{ user_id: string }>(
    `WITH RECURSIVE chain(user_id, merged_into, depth) AS (
       SELECT user_id, merged_into, 0 FROM members WHERE user_id = $1
       UNION ALL SELECT m.user_id, m.merged_into, c.depth + 1 FROM members m JOIN chain c ON m.user_id = c.merged_into WHERE c.depth < 10
     )
     SELECT user_id FROM chain WHERE merged_into IS NULL ORDER BY depth LIMIT 1`,
    [userId],
  );
  return rows[0]?.user_id ?? userId;
}
