import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

export const nearbySchools = (latitude: number, longitude: number, signal?: AbortSignal) =>
  api(contract.schools.nearest, { query: { lat: latitude.toFixed(6), lng: longitude.toFixed(6) } }, { signal });
