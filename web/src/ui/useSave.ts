import { useState } from 'react';
import { ApiError } from '../api/http';
import { type Translate, useT } from './translations';
import { useToast } from './useToast';

const english: Translate = (_id, en) => en;

/** What a refused save says: the server's message, or that it cannot be reached (in the page's language with `t`). */
export const saveFailure = (err: unknown, t: Translate = english): string =>
  err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached');

/**
 * An account form's save: `busy` while it runs, and a refusal both in the form (`error`) and as
 * the 'Failed to Save' toast. `setError` is for what the form itself refuses before asking.
 */
export function useSave() {
  const toast = useToast();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      const message = saveFailure(err, t);
      toast({ title: t('ui.failedToSave', 'Failed to Save'), message, tone: 'error' });
      setError(message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, save };
}
