import { api } from '../../../api/contract-client';
import { ApiError } from '../../../api/http';
import type { BodyInput } from '../../../../../src/contract/route';
import { contract } from '../../../../../src/contract/routes';

/** The office's lead flow, its intake URL and address, and the deliveries that could not be read (Settings → Lead flow). */
export const leadFlowApi = {
  get: () => api(contract.leadFlow.get),
  put: (body: BodyInput<typeof contract.leadFlow.put>) => api(contract.leadFlow.put, { body }),
  newToken: (channel: 'url' | 'email') => api(contract.leadFlow.newToken, { body: { channel } }),
  refreshForms: () => api(contract.leadFlow.refreshForms),
  /** The office's connected Facebook pages: with none, refreshing has no forms to list. */
  facebookPages: () => api(contract.facebook.pages).then((r) => r.pages),
  googleKey: (googleKey: string | null) => api(contract.leadFlow.googleKey, { body: { googleKey } }),
  unread: () => api(contract.leadFlow.unread),
  makeLead: (deliveryId: string, body: BodyInput<typeof contract.leadFlow.makeLead>) => api(contract.leadFlow.makeLead, { params: { deliveryId }, body }),
  dismiss: (deliveryId: string) => api(contract.leadFlow.dismiss, { params: { deliveryId } }),
};

export const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
