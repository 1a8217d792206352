import type { LeadImportEvent } from '../../src/modules/lead-transfer/lead-transfer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

/**
 * Lead imports as the import page follows them (issue 15): one row per import with its progress
 * and counts, and the rows that did not become new leads (rejected, duplicates, merges) with why,
 * for the per-row report. Rows are named by number only: the file itself is not kept. An erased
 * person's rows (the lead a row merged into or duplicates) go (issue 18); the counts stay.
 */
export const leadImportsProjection: Projection = {
  name: 'lead_imports',
  // 2: an erased person's rows go (issue 18).
  version: 2,
  eventTypes: handledTypes<LeadImportEvent | PersonErased>()(['LeadImportStarted', 'LeadImportBatchApplied', 'PersonErased']),
  tables: ['lead_imports', 'lead_import_rows'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('lead_imports')} (
      import_id uuid PRIMARY KEY,
      by_user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      agent_id uuid NOT NULL,
      file_name text NOT NULL,
      policy text NOT NULL,
      total int NOT NULL,
      done int NOT NULL DEFAULT 0,
      imported int NOT NULL DEFAULT 0,
      duplicates int NOT NULL DEFAULT 0,
      merged int NOT NULL DEFAULT 0,
      rejected int NOT NULL DEFAULT 0,
      started_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('lead_imports')} (by_user_id, started_at DESC)`);
    await tx.query(`CREATE TABLE ${t('lead_import_rows')} (
      import_id uuid NOT NULL,
      row_no int NOT NULL,
      outcome text NOT NULL,
      message text NOT NULL,
      lead_id uuid,
      PRIMARY KEY (import_id, row_no)
    )`);
  },
  async apply(events, { tx, table, write }) {
    for (const e of eventsOf<LeadImportEvent | PersonErased>(events)) {
      switch (e.type) {
        case 'LeadImportStarted': {
          const d = e.data;
          write(
            `INSERT INTO ${table('lead_imports')} (import_id, by_user_id, site_id, agent_id, file_name, policy, total, started_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (import_id) DO NOTHING`,
            [d.importId, d.byUserId, d.siteId, d.agentId, d.fileName, d.policy, d.total, e.metadata.at],
          );
          break;
        }
        case 'LeadImportBatchApplied': {
          const d = e.data;
          const n = (o: string) => d.rows.filter((r) => r.outcome === o).length;
          write(
            `UPDATE ${table('lead_imports')} SET done = $2, imported = imported + $3, duplicates = duplicates + $4 + $5, merged = merged + $5,
               rejected = rejected + $6, updated_at = $7 WHERE import_id = $1`,
            [d.importId, d.done, n('imported'), n('duplicate'), n('merged'), n('rejected'), e.metadata.at],
          );
          const rest = d.rows.filter((r) => r.outcome !== 'imported');
          if (rest.length) {
            await tx.query(
              `INSERT INTO ${table('lead_import_rows')} (import_id, row_no, outcome, message, lead_id)
               SELECT $1::uuid, * FROM unnest($2::int[], $3::text[], $4::text[], $5::uuid[]) ON CONFLICT DO NOTHING`,
              [d.importId, rest.map((r) => r.row), rest.map((r) => r.outcome), rest.map((r) => r.message ?? ''), rest.map((r) => r.leadId)],
            );
          }
          break;
        }
        case 'PersonErased':
          // The row's link to the person's lead (a rebuild ends the same: the rows come back and go again).
          write(`DELETE FROM ${table('lead_import_rows')} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
