import { request } from '../../../api/http';
import type { CallOutcomeName } from '../../../../../src/contract/calls';

export type CallLog = { readonly outcome: CallOutcomeName; readonly durationSeconds: number | null; readonly notes: string; readonly callId?: string };

/** Calls logged on a lead (contract section 5b). */
export const callsApi = {
  log: (leadId: string, call: CallLog) => request<{ callId: string }>('POST', `/api/dashboard/leads/${encodeURIComponent(leadId)}/calls`, call),
};
