import { useRef, useState } from 'react';
import { backofficeApi, type ProjectionRow, type RebuildProgress } from '../../api/backoffice';
import { useRealtime } from '../../api/realtime';
import { usePolled } from '../../ui/usePolled';
import { useToast } from '../../ui/useToast';
import styles from './Backoffice.module.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from './DataTable';
import { when } from './backofficeFormat';
import { RebuildBar } from './RebuildBar';
import { LiveIndicator } from '../../ui/LiveIndicator';

const REFRESH_MS = 5000;
const STATE_TONE: Readonly<Record<string, string>> = { live: 'good', rebuilding: 'info', standby: 'warn', starting: 'warn', failed: 'bad', stopped: 'bad' };

/**
 * Every read model with its position in the log, its lag, state and version; a rebuild replays
 * the log into fresh tables while the live ones keep serving, with progress pushed live.
 */
export function ProjectionsPanel() {
  const {
    data: rows,
    set: setRows,
    error,
    load,
  } = usePolled(() => backofficeApi.projections().then((r): readonly ProjectionRow[] => r.projections), REFRESH_MS);
  const [confirm, setConfirm] = useState<string | null>(null);
  const toast = useToast();

  const progressed = (p: RebuildProgress) => {
    setRows(
      (rs) =>
        rs?.map((r) =>
          r.name === p.name ? { ...r, state: p.phase === 'replaying' || p.phase === 'swapping' ? 'rebuilding' : r.state, rebuild: { ...r.rebuild, ...p } } : r,
        ) ?? rs,
    );
    if (p.phase === 'done' || p.phase === 'cancelled' || p.phase === 'failed') load();
  };
  // The pushes of a short rebuild can reach the page before the answer that started it: the answer
  // (0 %, replaying) must not take the bar back from a later push.
  const pushedSince = useRef(new Set<string>());
  const { connected } = useRealtime(
    'projection.progress',
    (p: RebuildProgress) => {
      pushedSince.current.add(p.name);
      progressed(p);
    },
    { onConnect: load },
  );

  /** A refusal is said in the dialog, which stays open. */
  const rebuild = async (name: string) => {
    pushedSince.current.delete(name);
    const { rebuild: first } = await backofficeApi.rebuild(name);
    setConfirm(null);
    if (!pushedSince.current.has(name)) progressed(first);
  };
  const cancel = async (name: string) => {
    try {
      const { rebuild: last } = await backofficeApi.cancelRebuild(name);
      if (last) progressed(last);
    } catch (err) {
      toast({ tone: 'error', title: 'Cancel', message: (err as Error).message });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="projections-title">
      <div className={styles.filters}>
        <h2 id="projections-title" className={styles.sectionTitle} style={{ margin: 0 }}>
          Projections
        </h2>
        <LiveIndicator connected={connected} />
        <span className={`${styles.small} ${styles.muted}`}>Lag counts the events in the log after a projection's position.</span>
      </div>
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.phoneStack}>
        <DataTable
          columns={[
            'Name',
            'State',
            { label: 'Version', num: true },
            { label: 'Position', num: true },
            { label: 'Lag', num: true },
            { label: 'Applied', num: true },
            'Updated',
            'Rebuild',
            { label: 'Actions', hidden: true },
          ]}
        >
          {rows?.map((r) => {
            const running = r.state === 'rebuilding' && (r.rebuild?.phase === 'replaying' || r.rebuild?.phase === 'swapping');
            return (
              <tr key={r.name} data-projection={r.name}>
                <td className={styles.mono}>{r.name}</td>
                <td>
                  <span className={styles.badge} data-tone={STATE_TONE[r.state]} title={r.error ?? undefined}>
                    {r.state}
                  </span>
                </td>
                <td className={styles.num}>{r.version ?? '—'}</td>
                <td className={`${styles.num} ${styles.mono}`}>{r.position ?? '—'}</td>
                <td className={styles.num}>{r.lag?.toLocaleString('en-US') ?? '—'}</td>
                <td className={styles.num}>{r.eventsApplied.toLocaleString('en-US')}</td>
                <td className={styles.small}>{when(r.updatedAt)}</td>
                <td>{r.rebuild ? <RebuildBar progress={r.rebuild} /> : <span className={styles.muted}>—</span>}</td>
                <td>
                  {running ? (
                    <button type="button" className={`btn ${styles.btnSmall} ${styles.btnDanger}`} onClick={() => void cancel(r.name)}>
                      Cancel<span className="visually-hidden"> the rebuild of {r.name}</span>
                    </button>
                  ) : (
                    <button type="button" className={`btn ${styles.btnSmall}`} onClick={() => setConfirm(r.name)}>
                      Rebuild<span className="visually-hidden"> {r.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={`Rebuild ${confirm ?? ''}?`}
        keepLabel="Keep as is"
        action="Start the rebuild"
        busyAction="Starting…"
        tone="primary"
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && rebuild(confirm)}
      >
        <p>
          The log is replayed into fresh tables while the current ones keep answering; they are swapped in at the end. You can cancel at any time before the
          swap.
        </p>
      </ConfirmDialog>
    </section>
  );
}
