import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { Modal } from '../../../ui/Modal';
import type { Filters } from '../../../lib/leadFilters';
import { DialogFormEnd } from '../../../ui/DialogFormEnd';
import { leadListApi, type SmartList } from '../api/leadListApi';
import forms from '../../../ui/forms.module.css';
import styles from './SaveSmartListDialog.module.css';

type Props = {
  readonly open: boolean;
  readonly filters: Filters;
  /** The filters in words, as the bar's chips show them. */
  readonly summary: readonly string[];
  readonly onClose: () => void;
  readonly onSaved: (list: SmartList) => void;
  /** One's own list to rename or refilter (with the filters shown now); none: a new list. */
  readonly list?: SmartList | null;
};

/**
 * Names the list's current filters and saves them as a smart list, or renames and refilters one's
 * own list (the server's message when the name is taken).
 */
export function SaveSmartListDialog({ open, filters, summary, onClose, onSaved, list = null }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  useEffect(() => {
    if (open) setName(list?.name ?? '');
  }, [open, list]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the list a name');
    setBusy(true);
    leadListApi
      .saveSmartList(name.trim(), filters, list?.listId ?? undefined)
      .then((list) => {
        onSaved(list);
        close();
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not save the list'))
      .finally(() => setBusy(false));
  };
  return (
    <Modal open={open} title={list ? 'Update smart list' : 'Save as smart list'} onClose={close} size="small">
      <form className={forms.form} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-name`} className={forms.label}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className={forms.input}
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
        />
        {summary.length > 0 && (
          <>
            <p className={forms.hint}>Leads that match:</p>
            <ul className={styles.summary}>
              {summary.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </>
        )}
        <DialogFormEnd failure={error} failureId={`${id}-error`} busy={busy} submitLabel="Save" closeLabel="Cancel" onClose={close} />
      </form>
    </Modal>
  );
}
