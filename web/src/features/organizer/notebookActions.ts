import { createNotebook, fileInNotebook, focusNotebook, removeFromNotebook } from '../../api/organizer-notes';
import { withFiled, withFocus, withNotebook, withUnfiled } from './keptNotebooks';
import { changeKept, keptState, updateKept } from './keptStore';

/**
 * Notebook changes through the page's kept store. Creating needs the server's answer (it names
 * the notebook); filing, taking out and focusing show at once and are put back if the server refuses.
 */
export async function newNotebook(name: string, pdid?: string): Promise<string> {
  const { notebookId } = await createNotebook(name, pdid);
  updateKept((s) => {
    const made = withNotebook(s, { notebookId, name });
    // Without a listing the server also focuses the new notebook.
    return pdid ? withFiled(made, pdid, notebookId) : withFocus(made, notebookId);
  });
  return notebookId;
}

export const fileIn = (notebookId: string, pdid: string): Promise<void> =>
  changeKept(
    pdid,
    (s) => withFiled(s, pdid, notebookId),
    () => fileInNotebook(notebookId, pdid),
  );

export const takeOut = (notebookId: string, pdid: string): Promise<void> =>
  changeKept(
    pdid,
    (s) => withUnfiled(s, pdid, notebookId),
    () => removeFromNotebook(notebookId, pdid),
  );

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
