import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import type { Runtime } from '../../../app/runtime';
import { DB_POOL, RUNTIME } from '../../../app/tokens';
import { logger } from '../../../shared/logger';
import type { SiteKind, SiteSettings } from '../sites.events';
import { hostCandidates, type ResolvedSite } from './resolved-site';

const log = logger('sites');
const TTL_MS = 2_000;

type Row = {
  site_id: string;
  subdomain: string;
  name: string;
  kind: SiteKind;
  owner_user_id: string;
  domain_name: string | null;
  master_site_id: string | null;
  is_default: boolean;
  settings: SiteSettings;
};

const toSite = (r: Row): ResolvedSite => ({
  siteId: r.site_id,
  subdomain: r.subdomain,
  name: r.name,
  kind: r.kind,
  ownerUserId: r.owner_user_id,
  DomainName: r.domain_name,
  masterSiteId: r.master_site_id,
  isDefault: r.is_default,
  settings: r.settings,
});

/**
 * Host → site from the sites read model: a custom DomainName first, then the subdomain, else the
 * default site. Answers are cached per host for two seconds, and dropped as soon as the sites
 * projection on this instance commits a change (its 'site.changed' push).
 */
@Injectable()
export class SiteResolver implements OnModuleInit {
  private readonly cache = new Map<string, { site: ResolvedSite | undefined; at: number }>();

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  onModuleInit(): void {
    this.runtime.onPushes((pushes) => {
      if (pushes.some((p) => p.name === 'site.changed')) this.invalidate();
    });
  }

  invalidate(): void {
    this.cache.clear();
  }

  async resolve(host: string): Promise<ResolvedSite | undefined> {
    const key = host.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.site;
    const { domains, subdomain } = hostCandidates(key);
    let site: ResolvedSite | undefined;
    try {
      const { rows } = await this.pool.query<Row>(
        `SELECT site_id, subdomain, name, kind, owner_user_id, domain_name, master_site_id, is_default, settings
         FROM sites
         WHERE domain_name = ANY($1) OR subdomain = $2 OR is_default
         ORDER BY (domain_name = ANY($1)) DESC NULLS LAST, (subdomain = $2) DESC NULLS LAST, is_default DESC
         LIMIT 1`,
        [domains, subdomain],
      );
      site = rows[0] ? toSite(rows[0]) : undefined;
    } catch (err) {
      // The read model may not exist yet in the first moments of a fresh database.
      log.debug('site lookup failed', { message: (err as Error).message });
      return undefined;
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { site, at: Date.now() });
    return site;
  }

  async byId(siteId: string): Promise<ResolvedSite | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT site_id, subdomain, name, kind, owner_user_id, domain_name, master_site_id, is_default, settings FROM sites WHERE site_id = $1`,
      [siteId],
    );
    return rows[0] ? toSite(rows[0]) : undefined;
  }

  /** The subdomain a user's pages live on: a site they own (their own before their office's), else their home site. */
  async subdomainFor(userId: string, homeSiteId: string | null): Promise<string | null> {
    const { rows } = await this.pool.query<{ subdomain: string }>(
      `SELECT subdomain FROM sites
       WHERE (owner_user_id = $1 AND kind <> 'brand') OR site_id = $2
       ORDER BY (owner_user_id = $1 AND kind = 'agent') DESC, (owner_user_id = $1) DESC
       LIMIT 1`,
      [userId, homeSiteId],
    );
    return rows[0]?.subdomain ?? null;
  }
}
