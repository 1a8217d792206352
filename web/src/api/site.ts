import { contract } from '../../../src/contract/routes';
import type { SiteInfo } from '../../../src/contract/site';
import { api } from './contract-client';
import { request } from './http';

export const siteInfo = () => request<SiteInfo>('GET', '/api/site');
export const publicConfig = () => api(contract.config.public);
