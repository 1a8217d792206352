import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export const complianceApi = {
  confirmRevocation: (leadId: string) => api(contract.compliance.confirmRevocation, { params: { leadId }, body: {} }),
  evidence: (leadId: string, asOf?: string) => api(contract.compliance.evidence, { params: { leadId }, query: asOf ? { asOf } : {} }),
};
