import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { siteForHost } from '../../../projections/sites';

/** The sites a receiving number serves, and the one a text from an unknown number makes a lead on. */
export type NumberSites = ({ readonly only: readonly string[] } | { readonly except: readonly string[] }) & {
  readonly captureSite: { readonly siteId: string; readonly subdomain: string; readonly name: string } | null;
};

/**
 * Which number texts a site's leads, and whose replies a number gets (TWILIO_SITE_NUMBERS): a site
 * with a number of its own texts from it and gets the replies sent to it; every other site shares
 * TWILIO_FROM, and a reply to that number is matched among their leads (a new number becomes a
 * lead of the default site).
 */
@Injectable()
export class SiteNumbers {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  private get numbers(): Readonly<Record<string, string>> {
    return this.config.twilio?.siteNumbers ?? {};
  }

  /** The number a site's texts go from: its own, else null (the provider's default, TWILIO_FROM). */
  async fromFor(siteId: string): Promise<string | null> {
    if (Object.keys(this.numbers).length === 0) return null;
    for (const [subdomain, number] of Object.entries(this.numbers)) {
      const site = await siteForHost(this.pool, [], subdomain);
      if (site?.subdomain === subdomain && site.siteId === siteId) return number;
    }
    return null;
  }

  /** The sites a text sent to `to` (E.164) belongs to. */
  async sitesFor(to: string): Promise<NumberSites> {
    const own: string[] = [];
    for (const [subdomain, number] of Object.entries(this.numbers)) {
      const site = await siteForHost(this.pool, [], subdomain);
      if (site?.subdomain !== subdomain) continue;
      if (number === to) return { only: [site.siteId], captureSite: site };
      own.push(site.siteId);
    }
    const fallback = await siteForHost(this.pool, [], null);
    return { except: own, captureSite: fallback?.isDefault ? fallback : null };
  }
}
