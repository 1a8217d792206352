import { useState } from 'react';
import { backofficeApi, type FailedOutbox } from '../../api/backoffice';
import { Link } from '../../app/Link';
import { usePolled } from '../../ui/usePolled';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import { when } from './backofficeFormat';

const REFRESH_MS = 15_000;

/**
 * The messages the outboxes gave up (a provider refused them for good, or a day of tries
 * failed), per outbox, with the provider's reason, the attempts and the last try. "Send again"
 * queues one once more under its own id: a new try of the same message.
 */
export function FailedMessagesPanel() {
  const { data, error, load } = usePolled(() => backofficeApi.failedMessages().then((r): readonly FailedOutbox[] => r.outboxes), REFRESH_MS);
  const [queued, setQueued] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const sendAgain = async (outbox: string, id: string) => {
    setBusy(id);
    setProblem(null);
    try {
      await backofficeApi.sendAgain(outbox, id);
      setQueued((q) => new Set(q).add(id));
      load();
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const withFailures = data?.filter((o) => o.total > 0) ?? [];
  return (
    <section className={styles.card} aria-labelledby="failed-title">
      <div className={styles.filters}>
        <h2 id="failed-title" className={styles.sectionTitle} style={{ margin: 0 }}>
          Failed messages
        </h2>
        <span className={`${styles.small} ${styles.muted}`}>
          Given up after a permanent refusal or a day of failed tries. Sending again is a new try of the same message.
        </span>
      </div>
      {error && <p className={styles.error}>{error}</p>}
      <p role="status" className={problem ? styles.error : 'visually-hidden'}>
        {problem ?? (queued.size ? `${queued.size} queued to be sent again` : '')}
      </p>
      {data && withFailures.length === 0 && <p className={styles.empty}>No failed messages: every outbox is delivering.</p>}
      {!data && !error && (
        <p className={styles.empty} aria-busy="true">
          Loading…
        </p>
      )}
      {withFailures.map((o) => (
        <section key={o.name} aria-labelledby={`failed-${o.name}`} data-outbox={o.name}>
          <h3 id={`failed-${o.name}`} className={styles.sectionTitle}>
            {o.label}{' '}
            <span className={styles.badge} data-tone="bad">
              {o.total} failed
            </span>
          </h3>
          {o.total > o.failed.length && (
            <p className={`${styles.small} ${styles.muted}`}>
              The newest {o.failed.length} of {o.total}.
            </p>
          )}
          <DataTable
            label={`${o.label}: failed messages`}
            columns={['Message', 'Channel', 'Reason', { label: 'Attempts', num: true }, 'Last try', { label: 'Actions', hidden: true }]}
          >
            {o.failed.map((m) => (
              <tr key={m.id} data-message={m.id}>
                <td className={styles.mono}>
                  {m.leadId ? <Link href={`/dashboard?lead=${encodeURIComponent(m.leadId)}`}>{m.id.slice(0, 8)}</Link> : m.id.slice(0, 8)}
                </td>
                <td>{m.channel}</td>
                <td>{m.reason}</td>
                <td className={styles.num}>{m.attempts}</td>
                <td className={styles.small}>{when(m.lastAttemptAt)}</td>
                <td>
                  {queued.has(m.id) ? (
                    <span className={styles.badge} data-tone="info">
                      Queued
                    </span>
                  ) : (
                    <button type="button" className={`btn ${styles.btnSmall}`} disabled={busy === m.id} onClick={() => void sendAgain(o.name, m.id)}>
                      Send again<span className="visually-hidden"> message {m.id.slice(0, 8)}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ))}
    </section>
  );
}
