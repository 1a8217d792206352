import type pg from 'pg';
import { siteStylesView, type SiteStylesView } from '../../src/contract/site-styles';
import { defaultSiteSettings, type SiteSettings, type SiteStyleChoices } from '../../src/modules/sites/sites.events';

/** A site's styles as the public site applies them (the defaults for what it never chose); undefined: no such site. */
export async function siteStylesOf(pool: pg.Pool, siteId: string): Promise<SiteStylesView | undefined> {
  const { rows } = await pool.query<{ settings: Partial<SiteSettings>; styles: Partial<SiteStyleChoices> }>(
    'SELECT settings, styles FROM sites WHERE site_id = $1',
    [siteId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const settings = { ...defaultSiteSettings, ...row.settings };
  return siteStylesView(settings.PrimaryColor, settings.AccentColor, row.styles);
}
