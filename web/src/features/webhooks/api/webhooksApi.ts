import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { BodyInput } from '../../../../../src/contract/route';

/** The viewer's webhooks (Settings → Webhooks). */
export const webhooksApi = {
  list: () => api(contract.webhooks.list),
  create: (url: string, events: string[]) => api(contract.webhooks.create, { body: { url, events } }),
  update: (webhookId: string, body: BodyInput<typeof contract.webhooks.update>) => api(contract.webhooks.update, { params: { webhookId }, body }),
  remove: (webhookId: string) => api(contract.webhooks.remove, { params: { webhookId } }),
  deliveries: (webhookId: string) => api(contract.webhooks.deliveries, { params: { webhookId } }),
  test: (webhookId: string) => api(contract.webhooks.test, { params: { webhookId } }),
  redeliver: (webhookId: string, eventId: string) => api(contract.webhooks.redeliver, { params: { webhookId, eventId } }),
};
