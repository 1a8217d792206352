import type { DuplicatePolicy, ImportMapping } from '../../contract/lead-import';

/**
 * A CSV import of leads (issue 15), on the stream `leadimport-{importId}`. Each batch of rows is
 * recorded in the same atomic append as the accounts and leads it created or changed, so the
 * stream says exactly which rows are in: a retried or interrupted import goes on after the last
 * batch recorded and never applies one twice. No personal data here: rows are named by number.
 */

/** An import began: the file (by its SHA-256), who imports it for which site and agent, and the choices made. */
export type LeadImportStarted = {
  readonly type: 'LeadImportStarted';
  readonly data: {
    readonly importId: string;
    readonly byUserId: string;
    readonly siteId: string;
    readonly agentId: string;
    readonly officeId: string | null;
    readonly fileName: string;
    readonly fileSha256: string;
    /** Data rows (the header row not counted). */
    readonly total: number;
    readonly policy: DuplicatePolicy;
    /** Column header → field, as used. */
    readonly mapping: ImportMapping;
  };
};

/** What became of one row; `row` is its spreadsheet row number (the header is row 1). */
export type ImportRowOutcome = {
  readonly row: number;
  readonly outcome: 'imported' | 'merged' | 'duplicate' | 'rejected';
  /** The lead it created, merged into or duplicates; null when rejected. */
  readonly leadId: string | null;
  /** Why a row was not imported as a new lead; null when it was. */
  readonly message: string | null;
};

/** A batch of consecutive rows was worked through; `done` counts the import's rows so far. */
export type LeadImportBatchApplied = {
  readonly type: 'LeadImportBatchApplied';
  readonly data: { readonly importId: string; readonly done: number; readonly rows: readonly ImportRowOutcome[] };
};

export type LeadImportEvent = LeadImportStarted | LeadImportBatchApplied;
export const leadImportEventTypes = ['LeadImportStarted', 'LeadImportBatchApplied'] as const satisfies readonly LeadImportEvent['type'][];
export const leadImportStream = (importId: string) => `leadimport-${importId}`;
