import { csvLine } from '../../../contract/csv';
import { formatPhone } from '../../../contract/phone';

/** A lead as the export needs it: the list's row and the names the export looked up. */
export type ExportedLead = {
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly stage: string;
  readonly tags: readonly string[];
  readonly source: string;
  readonly site: string | null;
  readonly agentName: string | null;
  readonly leadType: string;
  readonly createdAt: Date;
  readonly lastActivityAt: Date;
  readonly firstContactAt: Date | null;
  readonly lastContactAt: Date | null;
  readonly inPond: boolean;
  readonly leadId: string;
};

export const LEAD_CSV_HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Stage',
  'Tags',
  'Source',
  'Site',
  'Assigned agent',
  'Lead type',
  'Created (UTC)',
  'Last activity (UTC)',
  'First contact (UTC)',
  'Last contact (UTC)',
  'In pond',
  'Lead ID',
] as const;

/** 2026-11-23 14:05:09: a form every spreadsheet program reads as a date and time. */
const when = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : '');

/** One lead as a spreadsheet-safe CSV line (formulas neutralised: `csvCell`). */
export const leadCsvRow = (l: ExportedLead): string =>
  csvLine([
    l.fullName,
    l.email,
    formatPhone(l.phone),
    l.stage,
    l.tags.join('; '),
    l.source,
    l.site,
    l.agentName,
    l.leadType,
    when(l.createdAt),
    when(l.lastActivityAt),
    when(l.firstContactAt),
    when(l.lastContactAt),
    l.inPond ? 'yes' : 'no',
    l.leadId,
  ]);

/** leads-2026-11-23.csv (the day of the export, UTC). */
export const exportFilename = (now: Date): string => `leads-${now.toISOString().slice(0, 10)}.csv`;
