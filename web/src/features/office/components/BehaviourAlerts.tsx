import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Push } from '../../../api/realtime';
import { BEHAVIOUR_KIND_LABELS, type BehaviourKind } from '../../../../../src/contract/behaviour-alerts';
import type { Subscribe } from '../../conversation';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import { type BehaviourAlertView, behaviourApi } from '../api/behaviourApi';
import styles from './BehaviourAlerts.module.css';
import pond from './PondSection.module.css';
import { useOnReconnect } from '../hooks/useOnReconnect';

const SHOWN = 3;
const KEPT = 10;

/**
 * Lead alerts on the dashboard (issue 19 part 2): what the viewer's leads did that means intent,
 * newest first, each opening its lead. Live: an alert pushed (`lead.behaviour`) slides in at the
 * top and is announced; after a reconnect the list is asked again (pushes missed are not replayed
 * here; the lead's timeline has its line either way).
 */
export function BehaviourAlerts({
  subscribe,
  connected,
  now,
  onOpen,
}: {
  subscribe: Subscribe;
  connected: boolean;
  now: number;
  onOpen: (leadId: string) => void;
}) {
  const titleId = useId();
  const [alerts, setAlerts] = useState<readonly BehaviourAlertView[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [all, setAll] = useState(false);

  const load = useCallback(() => {
    behaviourApi.alerts(KEPT).then(
      (r) => {
        setAlerts(r.alerts);
        setFailed(null);
      },
      (err: unknown) => setFailed(err instanceof ApiError ? err.message : 'Lead alerts could not be loaded'),
    );
  }, []);
  useEffect(load, [load]);
  useOnReconnect(connected, load);

  useEffect(
    () =>
      subscribe((p: Push) => {
        if (p.name !== 'lead.behaviour') return;
        const x = p.payload;
        const alert: BehaviourAlertView = {
          alertId: String(x.alertId),
          leadId: String(x.leadId),
          leadName: String(x.leadName ?? ''),
          kind: String(x.kind) as BehaviourKind,
          reason: String(x.reason),
          agentId: typeof x.agentId === 'string' ? x.agentId : null,
          at: String(x.at),
        };
        setAlerts((as) => [alert, ...(as ?? []).filter((a) => a.alertId !== alert.alertId)].slice(0, KEPT));
        setAnnounce(`New lead alert: ${alert.leadName || 'A lead'}, ${alert.reason}`);
      }),
    [subscribe],
  );

  if (alerts === null && !failed) return null;
  const shown = all ? (alerts ?? []) : (alerts ?? []).slice(0, SHOWN);
  return (
    <section className={styles.alerts} aria-labelledby={titleId}>
      <div className={pond.head}>
        <h2 id={titleId}>Lead alerts</h2>
        <span className={styles.live} role="status">
          {announce}
        </span>
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
      {alerts && alerts.length === 0 && (
        <p className={styles.empty}>No alerts yet. You will see here when a lead comes back, views a home again, saves or shares one, or asks for a showing.</p>
      )}
      {shown.length > 0 && (
        <ul className={styles.list}>
          {shown.map((a) => (
            <li key={a.alertId}>
              <button type="button" className={styles.item} onClick={() => onOpen(a.leadId)}>
                <span className={styles.kind}>{BEHAVIOUR_KIND_LABELS[a.kind] ?? 'Alert'}</span>
                <span className={styles.text}>
                  <strong>{a.leadName || 'A lead'}</strong> {a.reason}
                </span>
                <time dateTime={a.at} title={fullDate(a.at)} className={styles.when}>
                  {relativeTime(a.at, now)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {(alerts?.length ?? 0) > SHOWN && (
        <button type="button" className={`btn ${styles.more}`} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer alerts' : `Show all ${alerts!.length} alerts`}
        </button>
      )}
    </section>
  );
}
