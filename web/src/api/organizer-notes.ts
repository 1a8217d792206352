import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export const writeNote = (pdid: string, note: string) => api(contract.organizer.note, { body: { pdid, note } });
export const giveOpinion = (pdid: string, opinion: 'like' | 'dislike' | 'none') => api(contract.organizer.opinion, { body: { pdid, opinion } });
export const shareListing = (pdid: string, email: string, message: string) =>
  api(contract.organizer.share, { body: { pdid, email, ...(message ? { message } : {}) } });
export const requestShowing = (pdid: string, preferredAt: string, message: string) =>
  api(contract.organizer.schedule, { body: { pdid, preferredAt, ...(message ? { message } : {}) } });

/** Notebooks: create one by name (optionally filing a listing in it), file a listing in one, take one out, focus one (null: none). */
export async function createNotebook(name: string, pdid?: string): Promise<{ notebookId: string }> {
  // A named notebook always has an id; null answers only a focus on none.
  const { notebookId } = await api(contract.organizer.focus, { body: { name, ...(pdid ? { pdid } : {}) } });
  if (!notebookId) throw new Error('The notebook could not be created');
  return { notebookId };
}
export const fileInNotebook = (notebookId: string, pdid: string) => api(contract.organizer.focus, { body: { notebookId, pdid } });
export const removeFromNotebook = (notebookId: string, pdid: string) => api(contract.organizer.removeFromNotebook, { body: { notebookId, pdid } });
export const focusNotebook = (notebookId: string | null) => api(contract.organizer.focus, { body: { notebookId } });
