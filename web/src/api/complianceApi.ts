import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export const complianceApi = {
  confirmRevocation: (leadId: string) => api(contract.compliance.confirmRevocation, { params: { leadId }, body: {} }),
  textRules: () => api(contract.compliance.textRules),
  setTextRules: (rules: { startHour: number; endHour: number; perDay: number }) => api(contract.compliance.setTextRules, { body: rules }),
  evidence: (leadId: string, asOf?: string) => api(contract.compliance.evidence, { params: { leadId }, query: asOf ? { asOf } : {} }),
};
