import type { ContractLead } from '../../../../../src/contract/leads';
import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import { MAX_CLAIM_WINDOW_MINUTES, type RoutingSettings } from '../../../../../src/contract/office';

export type { RoutingSettings };

/** A lead waiting in the office pond, as the pond section shows it. */
export type PondLead = Pick<ContractLead, 'leadId' | 'fullName' | 'leadType' | 'source' | 'createdAt'>;

export const CLAIM_WINDOW_MAX = MAX_CLAIM_WINDOW_MINUTES;

export const pondApi = {
  routing: () => api(contract.office.routing),
  changeRouting: (changes: { pond?: RoutingSettings['pond']; copyBrokerOnNewLeads?: boolean }) => api(contract.office.changeRouting, { body: changes }),
  pond: () => api(contract.leads.pond),
  claim: (leadId: string) => api(contract.leads.claim, { params: { leadId } }),
};
