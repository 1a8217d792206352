import { contract } from '../../../../src/contract/routes';
import { api } from '../../api/contract-client';

export const marketReport = (path: string, signal: AbortSignal) => api(contract.marketReports.report, { query: { path } }, { signal });
export const subscribeMonthly = (path: string) => api(contract.marketReports.subscribe, { body: { path } });
export const stopAreasOf = (t: string) => api(contract.marketReports.stopAreas, { query: { t } });
export const stopAreas = (t: string) => api(contract.marketReports.stop, { body: { t } });
