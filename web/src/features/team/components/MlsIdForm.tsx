import { type FormEvent, useId, useState } from 'react';
import styles from './TeamPanel.module.css';

export type MlsIdState = { readonly mlsId: string | null; readonly pendingMlsId: string | null };

const MLS_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * An MLS agent id: the ListAgentMlsId the MLS feeds send for an agent's listings, so that leads
 * about those listings reach them (the listing-agent rule) without anyone linking by hand. An
 * agent gives their own, which waits for the broker (`confirms` false: the form says so); the
 * broker sets or confirms an agent's (`confirms` true), in force at once.
 */
export function MlsIdForm({
  label,
  current,
  confirms,
  onSave,
}: {
  label: string;
  current: MlsIdState;
  confirms: boolean;
  onSave: (mlsId: string | null) => Promise<MlsIdState>;
}) {
  const [value, setValue] = useState(current.pendingMlsId ?? current.mlsId ?? '');
  const [saved, setSaved] = useState<MlsIdState>(current);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mlsId = value.trim() || null;
    if (mlsId !== null && !MLS_ID.test(mlsId)) return setState({ kind: 'error', message: 'An MLS id is 1 to 64 letters, digits, dots, dashes or underscores' });
    setState({ kind: 'saving' });
    try {
      setSaved(await onSave(mlsId));
      setState({ kind: 'saved' });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  const pending = saved.pendingMlsId;
  const inForce = saved.mlsId === null ? 'none yet' : saved.mlsId;
  const hint =
    state.kind === 'error'
      ? state.message
      : pending !== null
        ? confirms
          ? `Asks for ${pending}: confirm it to route its listings' leads (in force: ${inForce}).`
          : `Waiting for your broker to confirm ${pending} (in force: ${inForce}).`
        : state.kind === 'saved'
          ? 'Saved: listings the feeds bring with this id route their leads here.'
          : 'Listings from the MLS feeds with this ListAgentMlsId route their leads here.';
  return (
    <form className={styles.mlsForm} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => setValue(e.target.value)} placeholder="As the MLS knows them" aria-describedby={`${id}-hint`} />
      <button type="submit" className="btn" disabled={state.kind === 'saving'}>
        {confirms && pending !== null && value.trim() === pending ? 'Confirm' : 'Save'}
      </button>
      <p id={`${id}-hint`} className={state.kind === 'error' ? styles.error : styles.mlsHint} role="status" data-pending={pending !== null}>
        {hint}
      </p>
    </form>
  );
}
