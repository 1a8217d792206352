import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/http';
import type { Notebook } from '../../api/organizer';
import { useT } from '../../ui/translations';
import { useToast } from '../../ui/useToast';
import { openSignIn } from '../sign-in';
import { keptOf } from './keptModel';
import { briefOf, homeLabel, listingsIn, notebooksOf } from './keptNotebooks';
import { KeptHome } from './KeptHome';
import { useKeptState } from './keptStore';
import { focusOn, newNotebook, takeOut } from './notebookActions';
import f from '../../ui/forms.module.css';
import styles from './OrganizerPage.module.css';
import { formErrorMessage } from './organizerForms';
import { Section } from '../../ui/Section';

/** The organizer's notebooks: create one, focus one (the listing page files in it first), and the homes filed in each (each can be taken out). */
export function NotebooksSection() {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const state = useKeptState();
  const notebooks = notebooksOf(state);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) openSignIn();
    else toast({ message: formErrorMessage(err, t), tone: 'error' });
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (busy) return;
    if (!n) return setError(t('notebooks.nameMissing', 'Please name the notebook'));
    setBusy(true);
    setError(null);
    try {
      await newNotebook(n);
      setName('');
      toast({ message: t('notebooks.created', 'Notebook {name} created.', { name: n }), tone: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) openSignIn();
      else setError(formErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };
  const headingId = (n: Notebook) => `${id}-${n.notebookId}`;
  const remove = (n: Notebook, pdid: string) => {
    const label = homeLabel(state, pdid);
    // The button goes with the home: keep the keyboard in the notebook.
    document.getElementById(headingId(n))?.focus();
    void takeOut(n.notebookId, pdid).then(
      () => toast({ message: t('notebooks.removed', 'Removed {home} from {notebook}.', { home: label, notebook: n.name }), tone: 'success' }),
      fail,
    );
  };

  return (
    <Section id={`${id}-h`} title={t('notebooks.title', 'Notebooks')} className={styles.card} headingClassName={styles.heading}>
      <form className={styles.create} onSubmit={(e) => void create(e)} noValidate>
        <label htmlFor={`${id}-name`}>{t('notebooks.new', 'New notebook')}</label>
        <input
          id={`${id}-name`}
          className={f.input}
          value={name}
          maxLength={100}
          placeholder={t('notebooks.placeholder', 'e.g. Weekend viewings')}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {t('notebooks.create', 'Create notebook')}
        </button>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
      {state.notebooks === null ? (
        <p className={styles.empty} aria-busy="true">
          {t('organizer.loading', 'Loading…')}
        </p>
      ) : notebooks.length === 0 ? (
        <p className={styles.empty}>{t('notebooks.none', 'No notebooks yet — create one here, or use “Add to notebook” on a home’s page.')}</p>
      ) : (
        <ul className={styles.list}>
          {notebooks.map((n) => {
            const homes = listingsIn(state, n.notebookId);
            return (
              <li key={n.notebookId} className={styles.book} aria-label={t('notebooks.notebook', 'Notebook {name}', { name: n.name })}>
                <div className={styles.row}>
                  <h3 id={headingId(n)} tabIndex={-1} className={styles.name}>
                    {n.name}
                    {n.focused && <span className={styles.sub}>{t('notebooks.focused', 'Focused: “Add to notebook” offers it first')}</span>}
                  </h3>
                  <button type="button" className="btn" aria-pressed={n.focused} onClick={() => void focusOn(n.focused ? null : n.notebookId).catch(fail)}>
                    {t('notebooks.focus', 'Focus')}
                  </button>
                </div>
                {homes.length === 0 ? (
                  <p className={styles.empty}>{t('notebooks.empty', 'Nothing filed here yet.')}</p>
                ) : (
                  <ul className={`${styles.list} ${styles.homes}`}>
                    {homes.map((pdid) => (
                      <li key={pdid} className={styles.row}>
                        <KeptHome pdid={pdid} brief={briefOf(state, pdid)} note={keptOf(state, pdid).note} />
                        <button
                          type="button"
                          className="btn"
                          aria-label={t('notebooks.removeHome', 'Remove {home} from {notebook}', { home: homeLabel(state, pdid), notebook: n.name })}
                          onClick={() => remove(n, pdid)}
                        >
                          {t('organizer.remove', 'Remove')}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
