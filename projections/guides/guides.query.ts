import type pg from 'pg';
import { type GuideView, guidePath } from '../../src/contract/guides';
import type { AreaKind } from '../../src/contract/public-pages';

type Row = { guide_id: string; office_id: string; title: string; area_kind: AreaKind; area_label: string; body: string; photos: string[]; updated_at: Date };

export type StoredGuide = GuideView & { readonly officeId: string };

const view = (r: Row): StoredGuide => ({
  guideId: r.guide_id,
  officeId: r.office_id,
  title: r.title,
  area: { kind: r.area_kind, label: r.area_label },
  body: r.body,
  photos: r.photos,
  path: guidePath(r.guide_id),
  updatedAt: r.updated_at.toISOString(),
});

export async function guideById(pool: pg.Pool, guideId: string): Promise<StoredGuide | undefined> {
  const { rows } = await pool.query<Row>('SELECT * FROM guides WHERE guide_id = $1', [guideId]);
  return rows[0] ? view(rows[0]) : undefined;
}

/** An office's guides, the latest changed first; every office's for staff (null). */
export async function guidesOf(pool: pg.Pool, officeId: string | null): Promise<StoredGuide[]> {
  const { rows } = await pool.query<Row>(
    `SELECT * FROM guides ${officeId ? 'WHERE office_id = $1' : ''} ORDER BY updated_at DESC, guide_id LIMIT 500`,
    officeId ? [officeId] : [],
  );
  return rows.map(view);
}

/** An office's guides of one place (the place's area page links them), the latest changed first. */
export async function guidesOfArea(pool: pg.Pool, officeId: string, area: { readonly kind: AreaKind; readonly label: string }): Promise<StoredGuide[]> {
  const { rows } = await pool.query<Row>(
    'SELECT * FROM guides WHERE office_id = $1 AND area_kind = $2 AND lower(area_label) = lower($3) ORDER BY updated_at DESC, guide_id LIMIT 50',
    [officeId, area.kind, area.label],
  );
  return rows.map(view);
}
