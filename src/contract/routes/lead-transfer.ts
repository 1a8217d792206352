import { z } from 'zod';
import { SavedLeadFilters } from '../lead-filters';
import { DUPLICATE_POLICIES, type DuplicatePolicy, ImportSummarySchema } from '../lead-import';
import { oneOf } from '../fields';
import { routes } from '../route';

const TAG = 'dashboard';
const ImportParams = z.strictObject({ importId: z.string() });

/** Leads out as a CSV file and in from one (contract section 5a). */
export const leadTransferRoutes = routes('leadTransfer', {
  exportCsv: {
    method: 'GET',
    path: 'api/dashboard/leads/export.csv',
    summary:
      'The leads that pass the filters as CSV (UTF-8 with BOM, RFC 4180, formula-safe), in the list’s sort; 429 after 10 exports in 10 minutes, 503 while too many run',
    tag: TAG,
    access: 'agents, brokers, staff (their scope)',
    query: SavedLeadFilters,
    produces: 'text/csv',
    responses: { 200: z.string() },
  },
  importLeads: {
    method: 'POST',
    path: 'api/dashboard/leads/import',
    summary: 'Import leads from a CSV file (`file`, at most 10 MB and 50,000 rows); answers when every row is worked through',
    tag: TAG,
    access: 'agents, brokers, staff',
    consumes: 'multipart/form-data',
    body: z.strictObject({
      /** JSON: column → field (or null); guessed from the header row when not given. */
      mapping: z
        .string()
        .max(64 * 1024)
        .optional(),
      duplicates: oneOf<DuplicatePolicy>(DUPLICATE_POLICIES, `duplicates must be one of: ${DUPLICATE_POLICIES.join(', ')}`).optional(),
      siteId: z.uuid({ error: 'siteId is not an id' }).optional(),
      agentId: z.uuid({ error: 'agentId is not an id' }).optional(),
      /** The browser's id to follow the progress by; else one derived from the file and the choices. */
      importId: z.uuid({ error: 'importId is not an id' }).optional(),
    }),
    responses: { 200: ImportSummarySchema },
  },
  importProgress: {
    method: 'GET',
    path: 'api/dashboard/leads/import/:importId',
    summary: "An import's progress (done of total) and counts, for its importer and staff",
    tag: TAG,
    access: 'agents, brokers, staff (their own imports)',
    params: ImportParams,
    responses: { 200: ImportSummarySchema },
  },
  importReport: {
    method: 'GET',
    path: 'api/dashboard/leads/import/:importId/report.csv',
    summary: 'Every row of an import that did not become a new lead, with why: Row, Result, Message, Lead id (UTF-8 CSV)',
    tag: TAG,
    access: 'agents, brokers, staff (their own imports)',
    params: ImportParams,
    produces: 'text/csv',
    responses: { 200: z.string() },
  },
});
