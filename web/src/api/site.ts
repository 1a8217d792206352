import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export const siteInfo = () => api(contract.sites.current);
export const publicConfig = () => api(contract.config.public);
