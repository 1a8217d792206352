import type { AreaKind } from '../../../../../src/contract/public-pages';
import type { GuideInput } from '../../../../../src/contract/routes/guides';
import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

export type { GuideInput };

const { guides } = contract;

export const publicGuide = (id: string) => api(guides.one, { params: { id } });
export const myGuides = () => api(guides.list);
export const createGuide = (g: GuideInput) => api(guides.create, { body: g });
export const saveGuide = (id: string, g: GuideInput) => api(guides.edit, { params: { id }, body: g });
export const archiveGuide = (id: string) => api(guides.archive, { params: { id } });
export const guidesOfArea = (kind: AreaKind, label: string, signal: AbortSignal) => api(guides.ofArea, { query: { kind, label } }, { signal });
