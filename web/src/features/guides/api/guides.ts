import type { GuideArea, GuideView, PublicGuide } from '../../../../../src/contract/guides';
import { request } from '../../../api/http';

export type GuideInput = { readonly title: string; readonly area: GuideArea; readonly body: string; readonly photos: readonly string[] };

export const publicGuide = (id: string) => request<PublicGuide>('GET', `/api/guide/${encodeURIComponent(id)}`);
export const myGuides = () => request<{ guides: GuideView[] }>('GET', '/api/guide');
export const createGuide = (g: GuideInput) => request<GuideView>('POST', '/api/guide', g);
export const saveGuide = (id: string, g: GuideInput) => request<GuideView>('PUT', `/api/guide/${encodeURIComponent(id)}`, g);
