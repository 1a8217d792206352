import { request } from './http';

export const writeNote = (pdid: string, note: string) => request<void>('POST', '/api/organizer/note', { pdid, note });
export const giveOpinion = (pdid: string, opinion: 'like' | 'dislike' | 'none') => request<void>('POST', '/api/organizer/opinion', { pdid, opinion });
export const shareListing = (pdid: string, email: string, message: string) => request<void>('POST', '/api/organizer/share', { pdid, email, ...(message ? { message } : {}) });
export const requestShowing = (pdid: string, preferredAt: string, message: string) =>
  request<void>('POST', '/api/organizer/schedule', { pdid, preferredAt, ...(message ? { message } : {}) });

/** Notebooks: create one by name (optionally filing a listing in it), file a listing in one, take one out, focus one (null: none). */
export const createNotebook = (name: string, pdid?: string) => request<{ notebookId: string }>('POST', '/api/organizer/focus', { name, ...(pdid ? { pdid } : {}) });
export const fileInNotebook = (notebookId: string, pdid: string) => request<{ notebookId: string }>('POST', '/api/organizer/focus', { notebookId, pdid });
export const removeFromNotebook = (notebookId: string, pdid: string) => request<void>('POST', '/api/organizer/notebook/remove', { notebookId, pdid });
export const focusNotebook = (notebookId: string | null) => request<{ notebookId: string | null }>('POST', '/api/organizer/focus', { notebookId });
