import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/http';
import type { Notebook } from '../../api/organizer';
import { useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import { openSignIn } from '../sign-in';
import { notebooksOf } from './keptNotebooks';
import { useKept, useKeptState } from './keptStore';
import f from '../../ui/forms.module.css';
import styles from './ListingKeeper.module.css';
import { fileIn, newNotebook, takeOut } from './notebookActions';
import { formErrorMessage } from './organizerForms';

const NEW = 'new';

/** 'Add to notebook' on a listing page: one of the lead's notebooks (the focused one first) or a new one by name; and 'Remove from' each it is in. */
export function NotebookPicker({ pdid }: { pdid: string }) {
  const id = useId();
  const toast = useToast();
  const state = useKeptState();
  const notebooks = notebooksOf(state);
  const kept = useKept(pdid);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const fallback = (notebooks.find((n) => n.focused) ?? notebooks[0])?.notebookId ?? NEW;
  const selected = choice === NEW || notebooks.some((n) => n.notebookId === choice) ? choice! : fallback;
  const filedIn = notebooks.filter((n) => kept.notebooks.includes(n.notebookId));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const chosen = notebooks.find((n) => n.notebookId === selected);
    const newName = name.trim();
    if (!chosen && !newName) return setError(t('picker.nameMissing', 'Please name the new notebook'));
    if (chosen && kept.notebooks.includes(chosen.notebookId))
      return setError(t('picker.already', 'This home is already in {notebook}', { notebook: chosen.name }));
    setBusy(true);
    setError(null);
    try {
      if (chosen) await fileIn(chosen.notebookId, pdid);
      else {
        setChoice(await newNotebook(newName, pdid));
        setName('');
      }
      toast({ message: t('picker.added', 'Added to {notebook}.', { notebook: chosen?.name ?? newName }), tone: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) openSignIn();
      else setError(formErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  const remove = (n: Notebook) => {
    // The button goes once the home is out: keep the keyboard in the form.
    document.getElementById(`${id}-book`)?.focus();
    setError(null);
    void takeOut(n.notebookId, pdid).then(
      () => toast({ message: t('picker.removed', 'Removed from {notebook}.', { notebook: n.name }), tone: 'success' }),
      (err: unknown) => (err instanceof ApiError && err.status === 401 ? openSignIn() : toast({ message: formErrorMessage(err, t), tone: 'error' })),
    );
  };

  // Until the first answer there is no telling 'no notebooks yet' from 'not loaded yet'.
  if (state.notebooks === null) return null;
  return (
    <form className={styles.notebook} onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('picker.title', 'Add to notebook')}</legend>
        {notebooks.length === 0 ? (
          <p className={styles.hint}>{t('picker.none', 'No notebooks yet — name one to group the homes you are weighing up.')}</p>
        ) : (
          <span className={styles.field}>
            <label htmlFor={`${id}-book`}>{t('picker.notebook', 'Notebook')}</label>
            <select id={`${id}-book`} className={f.input} value={selected} onChange={(e) => setChoice(e.target.value)}>
              {notebooks.map((n) => (
                <option key={n.notebookId} value={n.notebookId}>
                  {n.name}
                </option>
              ))}
              <option value={NEW}>{t('picker.new', 'New notebook…')}</option>
            </select>
          </span>
        )}
        {selected === NEW && (
          <span className={styles.field}>
            <label htmlFor={`${id}-name`}>{t('picker.newName', 'New notebook name')}</label>
            <input id={`${id}-name`} className={f.input} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </span>
        )}
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {t('picker.title', 'Add to notebook')}
        </button>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {filedIn.length > 0 && (
          <>
            <p className={styles.hint}>In your notebooks: {filedIn.map((n) => n.name).join(', ')}</p>
            {filedIn.map((n) => (
              <button key={n.notebookId} type="button" className="btn" onClick={() => remove(n)}>
                Remove from {n.name}
              </button>
            ))}
          </>
        )}
      </fieldset>
    </form>
  );
}
