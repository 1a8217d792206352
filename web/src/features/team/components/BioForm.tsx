import { type FormEvent, useId, useState } from 'react';
import { dashboardApi } from '../../../api/dashboardApi';
import { ApiError } from '../../../api/http';
import { BIO_MAX } from '../../../../../src/contract/office';
import styles from './TeamPanel.module.css';

/**
 * The viewer's own bio, shown on their agent page and the Team view (collapsed past 100 px with
 * "read more"). Plain text: it is rendered as text, never as HTML.
 */
export function BioForm({ current, onSaved }: { current: string; onSaved: (bio: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(current);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (value.length > BIO_MAX) return setState({ kind: 'error', message: `A bio is at most ${BIO_MAX} characters` });
    setState({ kind: 'saving' });
    try {
      await dashboardApi.setBio(value);
      onSaved(value.trim());
      setState({ kind: 'saved' });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError ? err.message : 'The bio could not be saved' });
    }
  };
  const hint =
    state.kind === 'error'
      ? state.message
      : state.kind === 'saved'
        ? 'Saved: your agent page shows it.'
        : `${value.length} of ${BIO_MAX} characters. Shown on your agent page.`;
  return (
    <form className={styles.bioForm} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>Your bio</label>
      <textarea
        id={id}
        value={value}
        rows={4}
        onChange={(e) => {
          setValue(e.target.value);
          if (state.kind !== 'saving') setState({ kind: 'idle' });
        }}
        aria-describedby={`${id}-hint`}
        aria-invalid={value.length > BIO_MAX}
      />
      <p id={`${id}-hint`} className={state.kind === 'error' ? styles.error : styles.mlsHint} role="status">
        {hint}
      </p>
      <button type="submit" className="btn" disabled={state.kind === 'saving'}>
        Save bio
      </button>
    </form>
  );
}
