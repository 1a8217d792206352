import type pg from 'pg';
import { type ImportSummary, MAX_ERRORS_IN_SUMMARY } from '../../src/contract/lead-import';

/** An import's progress and counts as the import page shows them, and who ran it (for the caller's scope check). */
export async function importProgress(pool: pg.Pool, importId: string): Promise<(ImportSummary & { readonly byUserId: string }) | undefined> {
  const { rows } = await pool.query<{
    by_user_id: string;
    total: number;
    done: number;
    imported: number;
    duplicates: number;
    merged: number;
    rejected: number;
  }>(`SELECT by_user_id, total, done, imported, duplicates, merged, rejected FROM lead_imports WHERE import_id = $1`, [importId]);
  const r = rows[0];
  if (!r) return undefined;
  const errors = await pool.query<{ row: number; message: string }>(
    `SELECT row_no AS row, message FROM lead_import_rows WHERE import_id = $1 AND outcome = 'rejected' ORDER BY row_no LIMIT $2`,
    [importId, MAX_ERRORS_IN_SUMMARY],
  );
  return {
    importId,
    byUserId: r.by_user_id,
    state: r.done >= r.total ? 'done' : 'running',
    total: r.total,
    done: r.done,
    imported: r.imported,
    duplicates: r.duplicates,
    merged: r.merged,
    rejected: r.rejected,
    errors: errors.rows,
  };
}

export type ImportReportRow = { readonly row: number; readonly outcome: string; readonly message: string; readonly leadId: string | null };

/** Every row of an import that did not become a new lead, in file order. */
export async function importReport(pool: pg.Pool, importId: string): Promise<ImportReportRow[]> {
  const { rows } = await pool.query<{ row: number; outcome: string; message: string; lead_id: string | null }>(
    `SELECT row_no AS row, outcome, message, lead_id FROM lead_import_rows WHERE import_id = $1 ORDER BY row_no`,
    [importId],
  );
  return rows.map((r) => ({ row: r.row, outcome: r.outcome, message: r.message, leadId: r.lead_id }));
}
