import { contract } from '../../../src/contract/routes';
import type { PublicConfig } from '../../../src/contract/site';
import { api } from './contract-client';
import { request } from './http';

export const siteInfo = () => api(contract.sites.current);
export const publicConfig = () => request<PublicConfig>('GET', '/api/config/public');
