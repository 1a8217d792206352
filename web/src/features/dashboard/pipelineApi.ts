import { request } from '../../api/http';
import type { BoardCard } from '../../../../src/contract/board';
import type { Role } from './dashboardApi';

export type { BoardCard };

export type BoardColumn = { readonly stage: string; readonly inPipeline: boolean; readonly count: number; readonly leads: readonly BoardCard[] };

export type Board = {
  readonly brokerId: string | null;
  readonly stages: readonly string[];
  readonly columns: readonly BoardColumn[];
  readonly perColumn: number;
  readonly position: string;
  readonly me: { readonly userId: string; readonly role: Role };
};

/** What PATCH /api/dashboard/leads/{leadId} takes (contract 5a); any subset. */
export type LeadChanges = {
  readonly stage?: string;
  readonly tags?: readonly string[];
  readonly fullName?: string;
  readonly email?: string;
  readonly phone?: string | null;
  readonly assignedAgentId?: string;
};

export type PatchedLead = {
  readonly leadId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly stage: string;
  readonly tags: readonly string[];
  readonly assignedAgentId: string | null;
};

export type StageMove = { readonly from: string; readonly to: string };

/** The board, the pipeline and a lead's stage, tags and contact (issue 15). */
export const pipelineApi = {
  board: () => request<Board>('GET', '/api/dashboard/board', undefined, { unique: true }),
  column: (stage: string, offset: number) => request<{ stage: string; leads: readonly BoardCard[] }>('GET', `/api/dashboard/board/column?stage=${encodeURIComponent(stage)}&offset=${offset}`),
  stagesOf: (leadId: string) => request<{ brokerId: string | null; stages: readonly string[] }>('GET', `/api/dashboard/pipeline?leadId=${encodeURIComponent(leadId)}`),
  pipeline: () => request<{ brokerId: string | null; stages: readonly string[]; counts: Readonly<Record<string, number>> }>('GET', '/api/dashboard/pipeline'),
  tags: () => request<{ tags: readonly string[] }>('GET', '/api/dashboard/tags'),
  patch: (leadId: string, changes: LeadChanges) => request<PatchedLead>('PATCH', `/api/dashboard/leads/${encodeURIComponent(leadId)}`, changes),
  savePipeline: (stages: readonly string[], moveLeads: readonly StageMove[]) =>
    request<{ isSuccess: boolean; settings: { stages: readonly string[] } }>('POST', '/api/dashboard/office/settings', { stages, moveLeads }),
};
