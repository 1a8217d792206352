import { request } from '../../../api/http';
import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import { MAX_CLAIM_WINDOW_MINUTES, type RoutingSettings } from '../../../../../src/contract/office';

export type { RoutingSettings };

/** A lead waiting in the office pond (GET /api/dashboard/pond), as the pond section shows it. */
export type PondLead = { readonly leadId: string; readonly fullName: string; readonly leadType: string; readonly source: string; readonly createdAt: string };

export const CLAIM_WINDOW_MAX = MAX_CLAIM_WINDOW_MINUTES;

export const pondApi = {
  routing: () => api(contract.office.routing),
  changeRouting: (changes: { pond?: RoutingSettings['pond']; copyBrokerOnNewLeads?: boolean }) => api(contract.office.changeRouting, { body: changes }),
  pond: () => request<{ leads: readonly PondLead[] }>('GET', '/api/dashboard/pond'),
  claim: (leadId: string) => request<{ isSuccess: boolean; leadId: string; agentId: string }>('POST', `/api/dashboard/leads/${encodeURIComponent(leadId)}/claim`, {}),
};
