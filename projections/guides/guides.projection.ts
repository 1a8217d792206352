import type { GuideArchived, GuideWritten } from '../../src/modules/guides/guides.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = GuideWritten | GuideArchived;

/** Area guides, one row each, as last saved (an archived guide has none); listed per office for its dashboard. */
export const guidesProjection: Projection = {
  name: 'guides',
  version: 1,
  eventTypes: handledTypes<Handled>()(['GuideWritten', 'GuideArchived']),
  tables: ['guides'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('guides')} (
      guide_id uuid PRIMARY KEY,
      office_id uuid NOT NULL,
      title text NOT NULL,
      area_kind text NOT NULL,
      area_label text NOT NULL,
      body text NOT NULL,
      photos jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('guides')} (office_id, updated_at DESC)`);
  },
  async apply(events, { tx, table }) {
    const guides = table('guides');
    for (const e of eventsOf<Handled>(events)) {
      if (e.type === 'GuideArchived') {
        await tx.query(`DELETE FROM ${guides} WHERE guide_id = $1`, [e.data.guideId]);
        continue;
      }
      const d = e.data;
      await tx.query(
        `INSERT INTO ${guides} (guide_id, office_id, title, area_kind, area_label, body, photos, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (guide_id) DO UPDATE SET title = $3, area_kind = $4, area_label = $5, body = $6, photos = $7, updated_at = $8`,
        [d.guideId, d.officeId, d.title, d.area.kind, d.area.label, d.body, JSON.stringify(d.photos), e.metadata.at],
      );
    }
  },
};
