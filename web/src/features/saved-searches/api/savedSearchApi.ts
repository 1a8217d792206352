import type { AlertFrequency } from '../../../../../src/contract/organizer';
import { contract } from '../../../../../src/contract/routes';
import type { Criteria } from '../../../../../src/contract/search';
import { api } from '../../../api/contract-client';

/** Save the criteria as a saved search with alerts (filtersAsString carries them as the spec's form does). */
export const saveSearch = (c: Criteria, name: string, frequency: AlertFrequency) =>
  api(contract.organizer.saveSearch, { body: { ...c, filtersAsString: JSON.stringify(c), name, frequency } });
