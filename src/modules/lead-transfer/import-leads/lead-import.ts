import { MAX_ERRORS_IN_SUMMARY, type ImportSummary } from '../../../contract/lead-import';
import { conflict } from '../../../shared/errors';
import type { ImportRowOutcome, LeadImportEvent, LeadImportStarted } from '../lead-transfer.events';

/** An import as its stream says: what it is, how far it got, and what became of every row so far. */
export type LeadImport =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly started: LeadImportStarted['data'];
      readonly done: number;
      readonly rows: readonly ImportRowOutcome[];
    };

export const initialLeadImport = (): LeadImport => ({ exists: false });

export function evolveLeadImport(state: LeadImport, event: LeadImportEvent): LeadImport {
  switch (event.type) {
    case 'LeadImportStarted':
      return { exists: true, started: event.data, done: 0, rows: [] };
    case 'LeadImportBatchApplied':
      return state.exists ? { ...state, done: event.data.done, rows: [...state.rows, ...event.data.rows] } : state;
  }
}

export type StartImport = LeadImportStarted['data'];

/**
 * Starting an import that exists already is going on with it (a retried request), as long as it
 * is the same file with the same choices; the same id for anything else is refused.
 */
export function decideStartImport(c: StartImport, state: LeadImport): LeadImportEvent[] {
  if (!state.exists) return [{ type: 'LeadImportStarted', data: c }];
  const s = state.started;
  const same =
    s.byUserId === c.byUserId &&
    s.fileSha256 === c.fileSha256 &&
    s.siteId === c.siteId &&
    s.agentId === c.agentId &&
    s.policy === c.policy &&
    JSON.stringify(sorted(s.mapping)) === JSON.stringify(sorted(c.mapping));
  if (!same) throw conflict('This import id belongs to another import; start a new one');
  return [];
}

const sorted = (m: Readonly<Record<string, unknown>>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const leadImportDecider = { initialState: initialLeadImport, evolve: evolveLeadImport, decide: decideStartImport };

/** The answer of the import and of its progress: counts from the rows' outcomes, rejected rows first 1,000. */
export function summaryOf(importId: string, state: Extract<LeadImport, { exists: true }>): ImportSummary {
  const count = (o: ImportRowOutcome['outcome']) => state.rows.filter((r) => r.outcome === o).length;
  const merged = count('merged');
  const rejected = state.rows.filter((r) => r.outcome === 'rejected');
  return {
    importId,
    state: state.done >= state.started.total ? 'done' : 'running',
    total: state.started.total,
    done: state.done,
    imported: count('imported'),
    duplicates: count('duplicate') + merged,
    merged,
    rejected: rejected.length,
    errors: rejected.slice(0, MAX_ERRORS_IN_SUMMARY).map((r) => ({ row: r.row, message: r.message ?? '' })),
  };
}
