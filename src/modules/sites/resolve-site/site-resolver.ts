import { siteById, siteForHost, subdomainFor } from '../../../../projections/sites';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import type { Runtime } from '../../../runtime/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { logger } from '../../../shared/logger';
import { hostCandidates, type ResolvedSite } from './resolved-site';

const log = logger('sites');
const TTL_MS = 2_000;

/**
 * Host → site from the sites read model: the platform's own hosts (the default site, its
 * subdomains) first, then a verified custom DomainName, else the default site. Answers are cached per host for two seconds, and dropped as soon as the sites
 * projection on this instance commits a change (its 'site.changed' push).
 */
@Injectable()
export class SiteResolver implements OnModuleInit {
  private readonly cache = new Map<string, { site: ResolvedSite | undefined; at: number }>();

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.runtime.onSignal('site.changed', () => this.invalidate());
  }

  invalidate(): void {
    this.cache.clear();
  }

  async resolve(host: string): Promise<ResolvedSite | undefined> {
    const key = host.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.site;
    const { domains, subdomain } = hostCandidates(key, new URL(this.config.publicUrl).hostname);
    let site: ResolvedSite | undefined;
    try {
      site = await siteForHost(this.pool, domains, subdomain);
    } catch (err) {
      // The read model may not exist yet in the first moments of a fresh database.
      log.debug('site lookup failed', { message: (err as Error).message });
      return undefined;
    }
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { site, at: Date.now() });
    return site;
  }

  byId(siteId: string): Promise<ResolvedSite | undefined> {
    return siteById(this.pool, siteId);
  }

  /** The subdomain a user's pages live on: a site they own (their own before their office's), else their home site. */
  subdomainFor(userId: string, homeSiteId: string | null): Promise<string | null> {
    return subdomainFor(this.pool, userId, homeSiteId);
  }
}
