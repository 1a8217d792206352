import { request } from './http';
import type { PublicConfig, SiteInfo } from '../../../src/contract/site';

export const siteInfo = () => request<SiteInfo>('GET', '/api/site');
export const publicConfig = () => request<PublicConfig>('GET', '/api/config/public');
