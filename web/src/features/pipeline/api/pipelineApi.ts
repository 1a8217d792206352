import { request } from '../../../api/http';
import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { BoardCard } from '../../../../../src/contract/board';
import type { Role } from '../../../api/dashboardApi';

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

/** `?brokerId=` for staff who chose an office (a broker's and an agent's office is implied). */
const office = (sep: '?' | '&', brokerId: string | null) => (brokerId ? `${sep}brokerId=${encodeURIComponent(brokerId)}` : '');

/** The board, the pipeline and a lead's stage, tags and contact (issue 15). */
export const pipelineApi = {
  board: (brokerId: string | null = null) => request<Board>('GET', `/api/dashboard/board${office('?', brokerId)}`, undefined, { unique: true }),
  column: (stage: string, offset: number, brokerId: string | null = null) =>
    request<{ stage: string; leads: readonly BoardCard[] }>('GET', `/api/dashboard/board/column?stage=${encodeURIComponent(stage)}&offset=${offset}${office('&', brokerId)}`),
  stagesOf: (leadId: string) => request<{ brokerId: string | null; stages: readonly string[] }>('GET', `/api/dashboard/pipeline?leadId=${encodeURIComponent(leadId)}`),
  pipeline: (brokerId: string | null = null) =>
    request<{ brokerId: string | null; stages: readonly string[]; counts: Readonly<Record<string, number>> }>('GET', `/api/dashboard/pipeline${office('?', brokerId)}`),
  tags: () => request<{ tags: readonly string[] }>('GET', '/api/dashboard/tags'),
  patch: (leadId: string, changes: LeadChanges) => request<PatchedLead>('PATCH', `/api/dashboard/leads/${encodeURIComponent(leadId)}`, changes),
  savePipeline: (stages: readonly string[], moveLeads: readonly StageMove[], brokerId: string | null = null) =>
    api(contract.office.changeSettings, { body: { stages: [...stages], moveLeads: [...moveLeads], ...(brokerId ? { brokerId } : {}) } }),
};
