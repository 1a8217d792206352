import { useQuery } from '@tanstack/react-query';
import { backofficeApi, type HistoryEntry } from '../../api/backoffice';
import { Modal } from '../../ui/Modal';
import styles from './Backoffice.module.css';
import { when } from './backofficeFormat';

/** The account folded from its own streams up to the chosen event (secrets redacted by the server). */
export function StateAsOfDialog({ userId, entry, onClose }: { userId: string; entry: HistoryEntry | null; onClose: () => void }) {
  // Keyed by the event: the state of a previously chosen one never shows for this one.
  const position = entry?.position ?? '';
  const { data: state, error } = useQuery({
    queryKey: ['backoffice', 'state-as-of', userId, position],
    queryFn: ({ signal }) => backofficeApi.stateAsOf(userId, position, signal),
    enabled: entry !== null,
  });

  return (
    <Modal open={entry !== null} title={entry ? `State as of ${entry.type}` : 'State'} onClose={onClose}>
      {entry && (
        <p className={`${styles.muted} ${styles.small}`}>
          Right after the event of {when(entry.at)} (position {entry.position}).
        </p>
      )}
      {error && <p className={styles.error}>{error.message}</p>}
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
