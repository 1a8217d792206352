import { useEffect, useState } from 'react';
import { backofficeApi, type HistoryEntry, type StateAsOf } from '../../api/backoffice';
import { Modal } from '../../ui/Modal';
import styles from './Backoffice.module.css';
import { when } from './backofficeFormat';

/** The account folded from its own streams up to the chosen event (secrets redacted by the server). */
export function StateAsOfDialog({ userId, entry, onClose }: { userId: string; entry: HistoryEntry | null; onClose: () => void }) {
  const [state, setState] = useState<StateAsOf | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setState(null);
    setError(null);
    if (!entry) return;
    backofficeApi.stateAsOf(userId, entry.position).then(setState, (err: Error) => setError(err.message));
  }, [userId, entry]);

  return (
    <Modal open={entry !== null} title={entry ? `State as of ${entry.type}` : 'State'} onClose={onClose}>
      {entry && <p className={`${styles.muted} ${styles.small}`}>Right after the event of {when(entry.at)} (position {entry.position}).</p>}
      {error && <p className={styles.error}>{error}</p>}
      {state && (
        <>
          <h3 className={styles.sectionTitle}>Account</h3>
          <pre className={styles.pre} aria-label="Account state">
            {JSON.stringify(state.account, null, 2)}
          </pre>
          <h3 className={styles.sectionTitle} style={{ marginTop: 14 }}>
            Back-office record
          </h3>
          <pre className={styles.pre} aria-label="Back-office record">
            {JSON.stringify(state.admin, null, 2)}
          </pre>
        </>
      )}
    </Modal>
  );
}
