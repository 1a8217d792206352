import { type FormEvent, useId, useState } from 'react';
import styles from './TeamPanel.module.css';

/**
 * The viewer's own MLS id: the ListAgentMlsId the MLS feeds send for their listings, so that
 * leads about those listings reach them (the listing-agent rule) without anyone linking by hand.
 */
export function MlsIdForm({ initial, onSave }: { initial: string | null; onSave: (mlsId: string | null) => Promise<void> }) {
  const [value, setValue] = useState(initial ?? '');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mlsId = value.trim() || null;
    if (mlsId !== null && !/^[A-Za-z0-9._-]{1,64}$/.test(mlsId)) return setState({ kind: 'error', message: 'An MLS id is 1 to 64 letters, digits, dots, dashes or underscores' });
    setState({ kind: 'saving' });
    try {
      await onSave(mlsId);
      setState({ kind: 'saved' });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <form className={styles.mlsForm} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>Your MLS agent id</label>
      <input id={id} value={value} onChange={(e) => setValue(e.target.value)} placeholder="As your MLS knows you" />
      <button type="submit" className="btn" disabled={state.kind === 'saving'}>
        Save
      </button>
      <p className={styles.mlsHint} role="status">
        {state.kind === 'saved' ? 'Saved: listings the feeds bring with this id route their leads to you.' : state.kind === 'error' ? state.message : 'Listings from the MLS feeds with this ListAgentMlsId route their leads to you.'}
      </p>
    </form>
  );
}
