import { request } from '../../../api/http';
import type { StarterCopyResult, StarterKitView } from '../../../../../src/contract/starter-kit';

const base = '/api/dashboard/starter-kit';
const office = (officeId: string | null) => (officeId ? { officeId } : {});

/** The starter plans and templates, and copying one into the office (staff name the office). */
export const starterKitApi = {
  list: (officeId: string | null) => request<StarterKitView>('GET', officeId ? `${base}?officeId=${encodeURIComponent(officeId)}` : base),
  copy: (kind: 'plans' | 'templates', key: string, officeId: string | null) => request<StarterCopyResult>('POST', `${base}/${kind}/${encodeURIComponent(key)}/copy`, office(officeId)),
};
