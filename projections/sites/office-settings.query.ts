import type pg from 'pg';
import { defaultSiteSettings, type SiteSettings } from '../../src/modules/sites/sites.events';

/**
 * The settings of an office's own site (the broker's site, not a brand or agent site): what the
 * broker decided for the whole office. An office without one (or no office) has the defaults.
 */
export async function officeSiteSettings(pool: pg.Pool, officeId: string | null): Promise<SiteSettings> {
  if (officeId === null) return defaultSiteSettings;
  const { rows } = await pool.query<{ settings: SiteSettings }>(
    `SELECT settings FROM sites WHERE owner_user_id = $1 AND kind = 'broker' ORDER BY is_default DESC, site_id LIMIT 1`,
    [officeId],
  );
  return { ...defaultSiteSettings, ...rows[0]?.settings };
}
