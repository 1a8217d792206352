import type { NearbySchools } from '../../../../../src/contract/schools';
import { request } from '../../../api/http';

export const nearbySchools = (latitude: number, longitude: number, signal?: AbortSignal) =>
  request<NearbySchools>('GET', `/api/school?lat=${latitude.toFixed(6)}&lng=${longitude.toFixed(6)}`, undefined, { signal });
