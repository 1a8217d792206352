import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export const complianceApi = {
  confirmRevocation: (leadId: string) => api(contract.compliance.confirmRevocation, { params: { leadId }, body: {} }),
};
