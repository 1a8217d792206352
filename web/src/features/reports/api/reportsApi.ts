import { request } from '../../../api/http';

export type Report = {
  readonly from: string;
  readonly to: string;
  readonly newLeadsBySource: readonly { source: string; count: number }[];
  readonly newLeadsByWeek: readonly { week: string; count: number }[];
  readonly firstContact: { readonly total: number; readonly contacted: number; readonly medianSeconds: number | null; readonly p90Seconds: number | null };
  readonly stagesReached: readonly { stage: string; count: number }[];
  readonly tasks: { readonly done: number; readonly overdue: number; readonly open: number };
  readonly perAgent: readonly {
    agentId: string;
    fullName: string;
    leads: number;
    contacted: number;
    medianSeconds: number | null;
    p90Seconds: number | null;
    tasksDone: number;
    tasksOverdue: number;
  }[];
};

export type ReportParams = { readonly from?: string; readonly to?: string; readonly agentId?: string };

export const reportsApi = {
  report: (p: ReportParams) => {
    const q = new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
    return request<Report>('GET', `/api/dashboard/reports${q.size ? `?${q.toString()}` : ''}`, undefined, { unique: true });
  },
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
