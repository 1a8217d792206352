import { request } from '../../../api/http';

/** The office's routing options (PATCH/GET /api/dashboard/routing, contract 5a). */
export type RoutingSettings = {
  readonly brokerId: string;
  readonly pond: { readonly enabled: boolean; readonly claimWindowMinutes: number };
  readonly copyBrokerOnNewLeads: boolean;
};

/** A lead waiting in the office pond (GET /api/dashboard/pond), as the pond section shows it. */
export type PondLead = { readonly leadId: string; readonly fullName: string; readonly leadType: string; readonly source: string; readonly createdAt: string };

export const CLAIM_WINDOW_MAX = 1440;

export const pondApi = {
  routing: () => request<RoutingSettings>('GET', '/api/dashboard/routing'),
  changeRouting: (changes: { pond?: RoutingSettings['pond']; copyBrokerOnNewLeads?: boolean }) => request<RoutingSettings>('PATCH', '/api/dashboard/routing', changes),
  pond: () => request<{ leads: readonly PondLead[] }>('GET', '/api/dashboard/pond'),
  claim: (leadId: string) => request<{ isSuccess: boolean; leadId: string; agentId: string }>('POST', `/api/dashboard/leads/${encodeURIComponent(leadId)}/claim`, {}),
};
