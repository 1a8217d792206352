import type pg from 'pg';
import {
  type DomainCheckState,
  defaultSiteSettings,
  type DomainStatus,
  type SiteCreated,
  type SiteKind,
  type SiteSettings,
} from '../../src/modules/sites/sites.events';

/** A site as the sites read model has it: the data it was created with, kept up to date, and where its custom domain stands. */
export type SiteView = SiteCreated['data'] & DomainCheckState;

type Row = {
  site_id: string;
  subdomain: string;
  name: string;
  kind: SiteKind;
  owner_user_id: string;
  domain_name: string | null;
  domain_status: DomainStatus | null;
  domain_reason: string | null;
  master_site_id: string | null;
  is_default: boolean;
  settings: SiteSettings;
};

const toSite = (r: Row): SiteView => ({
  siteId: r.site_id,
  subdomain: r.subdomain,
  name: r.name,
  kind: r.kind,
  ownerUserId: r.owner_user_id,
  DomainName: r.domain_name,
  domainStatus: r.domain_status,
  domainReason: r.domain_reason,
  masterSiteId: r.master_site_id,
  isDefault: r.is_default,
  // Sites created before a setting existed have its default.
  settings: { ...defaultSiteSettings, ...r.settings },
});

const COLUMNS = 'site_id, subdomain, name, kind, owner_user_id, domain_name, domain_status, domain_reason, master_site_id, is_default, settings';

/** The hosts a site on this custom domain answers on, and so the domains no other site may answer on beside it (www. both ways). */
export function hostsOverlapping(domain: string): string[] {
  return domain.startsWith('www.') ? [domain, domain.slice(4), `www.${domain}`] : [domain, `www.${domain}`];
}

/**
 * The site a host names: the subdomain (the caller passes one only for hosts under the
 * platform's domain), a custom domain only once verified, else the default site.
 */
export async function siteForHost(pool: pg.Pool, domains: readonly string[], subdomain: string | null): Promise<SiteView | undefined> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS}
     FROM sites
     WHERE subdomain = $2 OR (domain_status = 'verified' AND domain_name = ANY($1)) OR is_default
     ORDER BY (subdomain = $2) DESC NULLS LAST, (domain_status = 'verified' AND domain_name = ANY($1)) DESC NULLS LAST, is_default DESC
     LIMIT 1`,
    [domains, subdomain],
  );
  return rows[0] ? toSite(rows[0]) : undefined;
}

export async function siteById(pool: pg.Pool, siteId: string): Promise<SiteView | undefined> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM sites WHERE site_id = $1`, [siteId]);
  return rows[0] ? toSite(rows[0]) : undefined;
}

/** The subdomain a user's pages live on: a site they own (their own before their office's), else their home site. */
export async function subdomainFor(pool: pg.Pool, userId: string, homeSiteId: string | null): Promise<string | null> {
  const { rows } = await pool.query<{ subdomain: string }>(
    `SELECT subdomain FROM sites
     WHERE (owner_user_id = $1 AND kind <> 'brand') OR site_id = $2
     ORDER BY (owner_user_id = $1 AND kind = 'agent') DESC, (owner_user_id = $1) DESC
     LIMIT 1`,
    [userId, homeSiteId],
  );
  return rows[0]?.subdomain ?? null;
}

/** The subdomain of each of these sites. */
export async function subdomainsOf(pool: pg.Pool, siteIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(siteIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ site_id: string; subdomain: string }>('SELECT site_id, subdomain FROM sites WHERE site_id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.site_id, r.subdomain]));
}

/** These sites, in no particular order (those the read model does not have are left out). */
export async function sitesByIds(pool: pg.Pool, siteIds: readonly string[]): Promise<SiteView[]> {
  if (siteIds.length === 0) return [];
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM sites WHERE site_id = ANY($1::uuid[])`, [[...new Set(siteIds)]]);
  return rows.map(toSite);
}

/** The site that answers on this custom domain (verified, its www. counted both ways), if any. */
export async function siteIdForDomain(pool: pg.Pool, domain: string): Promise<string | null> {
  const { rows } = await pool.query<{ site_id: string }>(`SELECT site_id FROM sites WHERE domain_status = 'verified' AND domain_name = ANY($1) LIMIT 1`, [
    hostsOverlapping(domain),
  ]);
  return rows[0]?.site_id ?? null;
}

/** Every site (staff), or those a user owns, by name. */
export async function sitesEditableBy(pool: pg.Pool, ownerUserId: string | null): Promise<SiteView[]> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM sites WHERE $1::uuid IS NULL OR owner_user_id = $1 ORDER BY is_default DESC, name, subdomain`,
    [ownerUserId],
  );
  return rows.map(toSite);
}
