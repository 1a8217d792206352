import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';

/** The viewer's API keys (Settings → API). */
export const apiKeysApi = {
  list: () => api(contract.apiKeys.list),
  create: (name: string) => api(contract.apiKeys.create, { body: { name } }),
  revoke: (keyId: string) => api(contract.apiKeys.revoke, { params: { keyId } }),
};
