import { createNotebook, fileInNotebook, focusNotebook } from '../../api/organizer-notes';
import { keptOf, withChange, withFocus, withNotebook } from './keptModel';
import { changeKept, keptState, updateKept } from './keptStore';

/**
 * Notebook changes through the page's kept store. Creating needs the server's answer (it names
 * the notebook); filing and focusing show at once and are put back if the server refuses.
 */
export async function newNotebook(name: string, pdid?: string): Promise<string> {
  const { notebookId } = await createNotebook(name, pdid);
  updateKept((s) => {
    const made = withNotebook(s, { notebookId, name });
    // Without a listing the server also focuses the new notebook.
    return pdid ? withChange(made, pdid, { notebooks: [...new Set([...keptOf(s, pdid).notebooks, notebookId])] }) : withFocus(made, notebookId);
  });
  return notebookId;
}

export const fileIn = (notebookId: string, pdid: string): Promise<void> =>
  changeKept(pdid, { notebooks: [...new Set([...keptOf(keptState(), pdid).notebooks, notebookId])] }, () => fileInNotebook(notebookId, pdid));

export async function focusOn(notebookId: string | null): Promise<void> {
  const before = keptState().focus;
  updateKept((s) => withFocus(s, notebookId));
  try {
    await focusNotebook(notebookId);
  } catch (err) {
    updateKept((s) => withFocus(s, before));
    throw err;
  }
}
