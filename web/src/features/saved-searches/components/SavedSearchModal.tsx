import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { AlertFrequency } from '../../../api/organizer';
import { saveSearch } from '../api/savedSearchApi';
import type { Criteria } from '../../../../../src/contract/search';
import { navigate } from '../../../app/location';
import { openSignIn } from '../../sign-in';
import { ALERT_FREQUENCIES } from '../../organizer';
import { Modal } from '../../../ui/Modal';
import styles from './SavedSearchModal.module.css';
import { MSG } from '../../search';
import { savedSearchSummary } from '../utils/savedSearchSummary';
import { type SearchView, urlAfterSearch } from '../../search';
import { useT } from '../../../ui/translations';

type Props = {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly criteria: Criteria;
  readonly defaultName: string;
  /** Saving stays in the view it was made from (the server answers the list path). */
  readonly view: SearchView;
  readonly passthrough: Readonly<Record<string, string>>;
};

/**
 * The saved-search (PDQ) manager's form. Saving needs a signed-in visitor: a 401 opens the
 * sign-in modal (the accounts issue completes that flow), other failures show the spec's alert.
 */
export function SavedSearchModal({ open, onClose, criteria, defaultName, view, passthrough }: Props) {
  const t = useT();
  const [name, setName] = useState(defaultName);
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (open) {
      setName(defaultName);
      setFrequency('instant');
      setError(null);
    }
  }, [open, defaultName]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setError(t('save.nameMissing', 'Please name this search'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { path } = await saveSearch(criteria, name.trim(), frequency);
      onClose();
      navigate(urlAfterSearch(view, path, passthrough));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        onClose();
        openSignIn();
      } else setError(MSG.pdqFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  };

  const summary = savedSearchSummary(criteria);
  return (
    <Modal open={open} title={t('save.title', 'Save this search')} onClose={onClose}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.lead}>{t('save.lead', 'Get new listings that match this search, and come back to it in one click.')}</p>
        <label htmlFor={`${id}-name`} className={styles.label}>
          {t('save.name', 'Search name')}
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={`${id}-frequency`} className={styles.label}>
          {t('save.alerts', 'E-mail alerts')}
        </label>
        <select id={`${id}-frequency`} className={styles.input} value={frequency} onChange={(e) => setFrequency(e.target.value as AlertFrequency)}>
          {ALERT_FREQUENCIES.map((f) => (
            <option key={f.value} value={f.value}>
              {t(`save.frequency.${f.value}`, f.label)}
            </option>
          ))}
        </select>
        <dl className={styles.summary}>
          <dt>{t('save.places', 'Places')}</dt>
          <dd>{summary.places.length ? summary.places.join(', ') : t('save.anywhere', 'Anywhere')}</dd>
          <dt>{t('search.filters', 'Filters')}</dt>
          <dd>{summary.filters || t('save.none', 'None')}</dd>
        </dl>
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={onClose}>
            {t('save.cancel', 'Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" aria-busy={busy || undefined} disabled={busy}>
            {busy ? t('save.saving', 'Saving…') : t('search.save', 'Save search')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
