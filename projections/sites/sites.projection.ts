import { type SiteEvent, siteEventTypes } from '../../src/modules/sites/sites.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';
import { hostsOverlapping } from './sites.query';

/** Sites by subdomain and custom domain: what host resolution and settings reads query. */
export const sitesProjection: Projection = {
  name: 'sites',
  version: 4,
  eventTypes: siteEventTypes,
  tables: ['sites'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('sites')} (
      site_id uuid PRIMARY KEY,
      subdomain text NOT NULL UNIQUE,
      domain_name text,
      domain_status text,
      domain_reason text,
      name text NOT NULL,
      kind text NOT NULL,
      owner_user_id uuid NOT NULL,
      master_site_id uuid,
      is_default boolean NOT NULL,
      settings jsonb NOT NULL,
      styles jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL
    )`);
    // Sites may wait for the same domain's proof; only one answers on it.
    await tx.query(`CREATE UNIQUE INDEX ON ${t('sites')} (domain_name) WHERE domain_status = 'verified'`);
  },
  async apply(events, { tx, table, signal }) {
    for (const e of eventsOf<SiteEvent>(events)) {
      switch (e.type) {
        case 'SiteCreated': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${table('sites')} (site_id, subdomain, domain_name, domain_status, name, kind, owner_user_id, master_site_id, is_default, settings, created_at)
             VALUES ($1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE 'pending' END, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
            [d.siteId, d.subdomain, d.DomainName, d.name, d.kind, d.ownerUserId, d.masterSiteId, d.isDefault, d.settings, e.metadata.at],
          );
          signal({ signal: 'site.changed', payload: { siteId: d.siteId } });
          break;
        }
        case 'SiteSettingsChanged':
          await tx.query(`UPDATE ${table('sites')} SET settings = settings || $2::jsonb WHERE site_id = $1`, [e.data.siteId, e.data.changes]);
          // No browser gets this (no rooms); the site resolver of this instance drops its cache.
          signal({ signal: 'site.changed', payload: { siteId: e.data.siteId } });
          break;
        case 'SiteIdentityChanged': {
          const d = e.data;
          if (d.name !== undefined) await tx.query(`UPDATE ${table('sites')} SET name = $2 WHERE site_id = $1`, [d.siteId, d.name]);
          if (d.DomainName !== undefined) {
            // A new domain waits for its own proof, whatever the previous one had.
            await tx.query(
              `UPDATE ${table('sites')} SET domain_name = $2, domain_status = CASE WHEN $2::text IS NULL THEN NULL ELSE 'pending' END, domain_reason = NULL WHERE site_id = $1`,
              [d.siteId, d.DomainName],
            );
          }
          signal({ signal: 'site.changed', payload: { siteId: d.siteId } });
          break;
        }
        case 'SiteDomainVerified': {
          const d = e.data;
          // The decider refused a domain another site answers on; should two checks have raced, the first keeps it.
          await tx.query(
            `UPDATE ${table('sites')} SET domain_status = 'verified', domain_reason = NULL
             WHERE site_id = $1 AND domain_name = $2
               AND NOT EXISTS (SELECT 1 FROM ${table('sites')} WHERE domain_status = 'verified' AND domain_name = ANY($3) AND site_id <> $1)`,
            [d.siteId, d.DomainName, hostsOverlapping(d.DomainName)],
          );
          signal({ signal: 'site.changed', payload: { siteId: d.siteId } });
          break;
        }
        case 'SiteDomainVerificationFailed':
          await tx.query(`UPDATE ${table('sites')} SET domain_status = 'failed', domain_reason = $3 WHERE site_id = $1 AND domain_name = $2`, [
            e.data.siteId,
            e.data.DomainName,
            e.data.reason,
          ]);
          signal({ signal: 'site.changed', payload: { siteId: e.data.siteId } });
          break;
        case 'SiteColorPaletteChosen': {
          const d = e.data;
          // The colours are the site's settings (the header, buttons and links use them); the palette's name is a style.
          await tx.query(`UPDATE ${table('sites')} SET settings = settings || $2::jsonb, styles = styles || $3::jsonb WHERE site_id = $1`, [
            d.siteId,
            { PrimaryColor: d.primary, AccentColor: d.accent },
            { palette: d.palette },
          ]);
          signal({ signal: 'site.changed', payload: { siteId: d.siteId } });
          break;
        }
        case 'SiteFontPackChosen':
          await tx.query(`UPDATE ${table('sites')} SET styles = styles || $2::jsonb WHERE site_id = $1`, [e.data.siteId, { pack: e.data.pack }]);
          signal({ signal: 'site.changed', payload: { siteId: e.data.siteId } });
          break;
        case 'SiteHomeCoverChanged': {
          const { siteId, ...cover } = e.data;
          await tx.query(`UPDATE ${table('sites')} SET styles = styles || $2::jsonb WHERE site_id = $1`, [siteId, { cover }]);
          signal({ signal: 'site.changed', payload: { siteId } });
          break;
        }
        default:
          assertNever(e);
      }
    }
  },
};
