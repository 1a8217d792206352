import { contract } from '../../../../../src/contract/routes';
import type { Criteria } from '../../../../../src/contract/search';
import { api } from '../../../api/contract-client';

/** The result sequence of a search (its first pdids in result order). */
export const resultPdids = (c: Criteria) => api(contract.search.pdids, { body: c }, { unique: true });
