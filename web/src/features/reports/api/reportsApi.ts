import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { Report } from '../../../../../src/contract/reports';

export type { Report };

export type ReportParams = { readonly from?: string; readonly to?: string; readonly agentId?: string };

export const reportsApi = {
  report: (p: ReportParams) =>
    api(contract.insights.report, { query: { from: p.from || undefined, to: p.to || undefined, agentId: p.agentId || undefined } }, { unique: true }),
};

/** "4 min", "2 h 5 min", "3 d 4 h": a duration as an agent reads it; an em dash when unknown. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
