import type pg from 'pg';

export type TranslationRow = { language: string; trans_id: string; text: string; updated_at: Date };
type Row = TranslationRow;

/** Reads the translations read model; a language falls back to English, then to the catalogue. */
export async function textsFor(pool: pg.Pool, languages: readonly string[]): Promise<Map<string, Map<string, Row>>> {
  const { rows } = await pool.query<Row>('SELECT language, trans_id, text, updated_at FROM translations WHERE language = ANY($1)', [languages]);
  const out = new Map<string, Map<string, Row>>();
  for (const r of rows) (out.get(r.language) ?? out.set(r.language, new Map()).get(r.language)!).set(r.trans_id, r);
  return out;
}
