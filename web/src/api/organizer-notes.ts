import { request } from './http';

export const writeNote = (pdid: string, note: string) => request<void>('POST', '/api/organizer/note', { pdid, note });
export const giveOpinion = (pdid: string, opinion: 'like' | 'dislike' | 'none') => request<void>('POST', '/api/organizer/opinion', { pdid, opinion });
export const keptListing = (pdid: string) =>
  request<{ listings: { pdid: string; favorite: boolean; note: string | null; opinion: 'like' | 'dislike' | null }[] }>('GET', `/api/organizer/headers?pdids=${encodeURIComponent(pdid)}`);
