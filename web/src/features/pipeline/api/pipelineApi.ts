import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { BoardCard } from '../../../../../src/contract/board';
import type { ResponseOf } from '../../../../../src/contract/route';

export type { BoardCard };

export type Board = ResponseOf<typeof contract.leads.board>;
export type BoardColumn = Board['columns'][number];

/** What PATCH /api/dashboard/leads/{leadId} takes (contract 5a); any subset. */
export type LeadChanges = {
  readonly stage?: string;
  readonly tags?: readonly string[];
  readonly fullName?: string;
  readonly email?: string;
  readonly phone?: string | null;
  readonly assignedAgentId?: string;
};

export type PatchedLead = ResponseOf<typeof contract.leads.patch>;

export type StageMove = { readonly from: string; readonly to: string };

/** The board, the pipeline and a lead's stage, tags and contact (issue 15). */
export const pipelineApi = {
  board: (officeId: string | null = null) => api(contract.leads.board, { query: { officeId: officeId ?? undefined } }, { unique: true }),
  column: (stage: string, offset: number, officeId: string | null = null) =>
    api(contract.leads.column, { query: { stage, offset: String(offset), officeId: officeId ?? undefined } }),
  stagesOf: (leadId: string, signal?: AbortSignal) => api(contract.leads.pipeline, { query: { leadId } }, { signal }),
  pipeline: (officeId: string | null = null) =>
    api(contract.leads.pipeline, { query: { officeId: officeId ?? undefined } }).then((p) => ({ ...p, counts: p.counts ?? {} })),
  tags: (signal?: AbortSignal) => api(contract.leads.tags, undefined, { signal }),
  patch: (leadId: string, changes: LeadChanges) =>
    api(contract.leads.patch, { params: { leadId }, body: { ...changes, tags: changes.tags && [...changes.tags] } }),
  savePipeline: (stages: readonly string[], moveLeads: readonly StageMove[], officeId: string | null = null) =>
    api(contract.office.changeSettings, { body: { stages: [...stages], moveLeads: [...moveLeads], ...(officeId ? { officeId } : {}) } }),
};
