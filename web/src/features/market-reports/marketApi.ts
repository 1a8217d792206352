import { contract } from '../../../../src/contract/routes';
import { api } from '../../api/contract-client';

export const marketReport = (path: string, signal: AbortSignal) => api(contract.marketReports.report, { query: { path } }, { signal });
export const subscribeMonthly = (path: string) => api(contract.marketReports.subscribe, { body: { path } });
