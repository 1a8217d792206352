import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';

const { starterKit } = contract;
const office = (officeId: string | null) => (officeId ? { officeId } : {});

/** The starter plans and templates, and copying one into the office (staff name the office). */
export const starterKitApi = {
  list: (officeId: string | null) => api(starterKit.list, { query: office(officeId) }),
  copy: (kind: 'plans' | 'templates', key: string, officeId: string | null) =>
    api(kind === 'plans' ? starterKit.copyPlan : starterKit.copyTemplate, { params: { key }, body: office(officeId) }),
};
