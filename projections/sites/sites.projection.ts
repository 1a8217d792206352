import { type SiteEvent, siteEventTypes } from '../../src/modules/sites/sites.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';

/** Sites by subdomain and custom domain: what host resolution and settings reads query. */
export const sitesProjection: Projection = {
  name: 'sites',
  version: 2,
  eventTypes: siteEventTypes,
  tables: ['sites'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('sites')} (
      site_id uuid PRIMARY KEY,
      subdomain text NOT NULL UNIQUE,
      domain_name text UNIQUE,
      name text NOT NULL,
      kind text NOT NULL,
      owner_user_id uuid NOT NULL,
      master_site_id uuid,
      is_default boolean NOT NULL,
      settings jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`);
  },
  async apply(events, { tx, table, signal }) {
    for (const e of eventsOf<SiteEvent>(events)) {
      switch (e.type) {
        case 'SiteCreated': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${table('sites')} (site_id, subdomain, domain_name, name, kind, owner_user_id, master_site_id, is_default, settings, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
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
            // The decider refused a domain another site had; should two commands have raced, the first keeps it.
            await tx.query(
              `UPDATE ${table('sites')} SET domain_name = $2
               WHERE site_id = $1 AND ($2::text IS NULL OR NOT EXISTS (SELECT 1 FROM ${table('sites')} WHERE domain_name = $2 AND site_id <> $1))`,
              [d.siteId, d.DomainName],
            );
          }
          signal({ signal: 'site.changed', payload: { siteId: d.siteId } });
          break;
        }
        default:
          assertNever(e);
      }
    }
  },
};
