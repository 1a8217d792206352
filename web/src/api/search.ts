import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

/** The calls of contract section 3 the search page and the listing page share. */
export const listingDetails = (pdid: string) => api(contract.search.details, { params: { pdid } }, { unique: true });

/** Broken-photo report; the answer is ignored (spec section 7). */
export const reportBrokenPhoto = (p: { pdid: string; url: string; mlsid: string | null }) =>
  api(contract.search.reportPhoto, { body: { pdid: p.pdid, url: p.url, mlsid: p.mlsid ?? '', status: 'broken' } }).catch(() => undefined);
