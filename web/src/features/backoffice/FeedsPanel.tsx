import { useState } from 'react';
import { backofficeApi, type FeedProgress, type FeedView } from '../../api/backoffice';
import { useRealtime } from '../../api/realtime';
import { LiveIndicator } from '../../ui/LiveIndicator';
import { usePolled } from '../../ui/usePolled';
import { useToast } from '../../ui/useToast';
import styles from './Backoffice.module.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from './DataTable';
import { when } from './backofficeFormat';
import { FeedForm } from './FeedForm';
import { FeedRunBar } from './FeedRunBar';
import { countsLine, intervalText, lagText } from './feedFormat';

const REFRESH_MS = 10_000;

/**
 * The MLS feeds (contract 4a): each feed's last sync, duration, counts, lag, errors with the
 * record keys, and a live progress bar while a sync or reconcile runs (pushed as feed.progress
 * from whichever instance or command runs it); add, edit, remove, "Sync now" and "Reconcile".
 */
export function FeedsPanel() {
  const { data: feeds, set: setFeeds, error, load } = usePolled(() => backofficeApi.feeds().then((r): readonly FeedView[] => r.feeds), REFRESH_MS);
  const [editing, setEditing] = useState<FeedView | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const toast = useToast();

  const progressed = (p: FeedProgress) => {
    if (p.phase === 'completed' || p.phase === 'failed') {
      if (p.phase === 'failed') toast({ tone: 'error', title: `Feed ${p.name}`, message: p.message ?? 'The run failed' });
      return load();
    }
    setFeeds(
      (fs) =>
        fs?.map((f) =>
          f.name === p.name
            ? {
                ...f,
                interrupted: null,
                running: { syncId: p.syncId, kind: p.kind, startedAt: f.running?.startedAt ?? p.at, counts: p.counts, expectedTotal: p.expectedTotal },
              }
            : f,
        ) ?? fs,
    );
  };
  const { connected } = useRealtime('feed.progress', progressed, { onConnect: load });

  const act = async (what: 'sync' | 'reconcile', name: string) => {
    try {
      await (what === 'sync' ? backofficeApi.syncFeed(name) : backofficeApi.reconcileFeed(name));
      toast({ tone: 'success', title: `Feed ${name}`, message: what === 'sync' ? 'Sync started' : 'Reconcile started' });
    } catch (err) {
      toast({ tone: 'error', title: `Feed ${name}`, message: (err as Error).message });
    }
  };
  /** A refusal is said in the dialog, which stays open. */
  const remove = async (name: string) => {
    await backofficeApi.removeFeed(name);
    setRemoving(null);
    toast({ tone: 'success', title: 'Feeds', message: `Feed ${name} removed; its listings stay` });
    setFeeds((fs) => fs?.filter((f) => f.name !== name) ?? fs);
  };

  return (
    <section className={styles.card} aria-labelledby="feeds-title">
      <div className={styles.filters}>
        <h2 id="feeds-title" className={styles.sectionTitle} style={{ margin: 0 }}>
          MLS feeds
        </h2>
        <LiveIndicator connected={connected} />
        <button type="button" className={`btn btn-primary ${styles.btnSmall}`} onClick={() => setEditing('new')}>
          Add a feed
        </button>
        <span className={`${styles.small} ${styles.muted}`}>Lag is how far the newest change imported is behind now.</span>
      </div>
      {error && <p className={styles.error}>{error}</p>}
      {feeds?.length === 0 && <p className={styles.empty}>No feeds yet. Add one with its RESO Web API service root and credentials.</p>}
      {feeds && feeds.length > 0 && (
        <DataTable columns={['Feed', 'Last sync', 'Counts', { label: 'Lag', num: true }, 'Status', { label: 'Actions', hidden: true }]}>
          {feeds.map((f) => (
            <tr key={f.name} data-feed={f.name}>
              <td>
                <strong className={styles.mono}>{f.name}</strong>
                <div className={`${styles.small} ${styles.muted} ${styles.mono}`}>{f.url}</div>
                <div className={`${styles.small} ${styles.muted}`}>
                  every {intervalText(f.settings.pollIntervalSeconds)} · {f.settings.resources.join(', ')}
                </div>
              </td>
              <td className={styles.small}>
                {when(f.lastSyncAt)}
                {f.lastDurationMs !== null && <div className={styles.muted}>{(f.lastDurationMs / 1000).toFixed(1)} s</div>}
                <div className={styles.muted}>last success {when(f.lastSuccessAt)}</div>
                <div className={styles.muted}>
                  reconciled {when(f.lastReconcileAt)}
                  {f.lastReconcileDeleted !== null && ` (${f.lastReconcileDeleted} removed)`}
                </div>
              </td>
              <td className={styles.small} data-counts>
                {countsLine(f.counts)}
              </td>
              <td className={styles.num} title={f.newestModificationTimestamp ?? undefined}>
                {lagText(f.lagSeconds)}
              </td>
              <td className={styles.small}>
                {f.running ? (
                  <FeedRunBar name={f.name} kind={f.running.kind} counts={f.running.counts} expectedTotal={f.running.expectedTotal} />
                ) : f.interrupted ? (
                  <span className={styles.badge} data-tone="warn" data-interrupted title={f.lastError ?? undefined}>
                    interrupted
                  </span>
                ) : f.lastError ? (
                  <span className={styles.badge} data-tone="bad" title={f.lastError}>
                    failed
                  </span>
                ) : (
                  <span className={styles.badge} data-tone={f.lastSuccessAt ? 'good' : 'warn'}>
                    {f.lastSuccessAt ? 'ok' : 'not synced yet'}
                  </span>
                )}
                {f.lastError && !f.running && <p className={styles.error}>{f.lastError}</p>}
                {f.recordErrors.length > 0 && (
                  <details>
                    <summary>{f.recordErrors.length} records rejected</summary>
                    <ul>
                      {f.recordErrors.map((e, i) => (
                        <li key={i}>
                          <span className={styles.mono}>{e.key ?? '(no key)'}</span>: {e.message}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {f.warnings.map((w) => (
                  <p key={w} className={styles.muted}>
                    {w}
                  </p>
                ))}
              </td>
              <td className={styles.nowrap}>
                <button type="button" className={`btn ${styles.btnSmall}`} disabled={f.running !== null} onClick={() => void act('sync', f.name)}>
                  Sync now<span className="visually-hidden"> {f.name}</span>
                </button>{' '}
                <button type="button" className={`btn ${styles.btnSmall}`} disabled={f.running !== null} onClick={() => void act('reconcile', f.name)}>
                  Reconcile<span className="visually-hidden"> {f.name}</span>
                </button>{' '}
                <button type="button" className={`btn ${styles.btnSmall}`} onClick={() => setEditing(f)}>
                  Edit<span className="visually-hidden"> {f.name}</span>
                </button>{' '}
                <button type="button" className={`btn ${styles.btnSmall} ${styles.btnDanger}`} onClick={() => setRemoving(f.name)}>
                  Remove<span className="visually-hidden"> {f.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <FeedForm
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.name}
        feed={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          load();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove feed ${removing ?? ''}?`}
        keepLabel="Keep it"
        action="Remove the feed"
        busyAction="Removing…"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        <p>The feed stops syncing. Its listings stay until a reconcile of another feed or staff remove them.</p>
      </ConfirmDialog>
    </section>
  );
}
