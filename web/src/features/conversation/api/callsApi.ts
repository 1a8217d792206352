import { api } from '../../../api/contract-client';
import type { BodyInput } from '../../../../../src/contract/route';
import { contract } from '../../../../../src/contract/routes';

export type CallLog = BodyInput<typeof contract.conversation.logCall>;

/** Calls logged on a lead (contract section 5b). */
export const callsApi = {
  log: (leadId: string, call: CallLog) => api(contract.conversation.logCall, { params: { leadId }, body: call }),
};
