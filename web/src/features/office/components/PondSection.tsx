import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Push } from '../../../api/realtime';
import type { Subscribe } from '../../conversation';
import type { Role } from '../../../api/dashboardApi';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import { pondApi, type PondLead } from '../api/pondApi';
import styles from './PondSection.module.css';
import { useOnReconnect } from '../hooks/useOnReconnect';

type Notice = { readonly kind: 'status' | 'alert'; readonly text: string };

/**
 * The office pond on the dashboard: leads nobody holds, for the first agent to claim. Live: a
 * lead put in the pond appears (lead.pond), one claimed by anyone disappears at once
 * (lead.claimed). Claiming is optimistic: the lead leaves the pond at once; the server's answer
 * then says it is yours (and opens it) or who claimed it first. Shown while the office has a
 * pond or a lead is waiting in it.
 */
export function PondSection({
  subscribe,
  role,
  connected,
  now,
  onClaimed,
}: {
  subscribe: Subscribe;
  role: Role;
  connected: boolean;
  now: number;
  onClaimed: (leadId: string) => void;
}) {
  const titleId = useId();
  const [leads, setLeads] = useState<readonly PondLead[] | null>(null);
  const [pondOn, setPondOn] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(() => {
    pondApi.pond().then(
      (r) => {
        setLeads(r.leads);
        setFailed(null);
      },
      (err: unknown) => setFailed(err instanceof ApiError ? err.message : 'The pond could not be loaded'),
    );
  }, []);
  useEffect(() => {
    load();
    if (role !== 'staff')
      void pondApi.routing().then(
        (r) => setPondOn(r.pond.enabled),
        () => undefined,
      );
  }, [load, role]);
  // Pushes missed while the socket was away are not replayed for the pond: ask again.
  useOnReconnect(connected, load);

  useEffect(
    () =>
      subscribe((p: Push) => {
        const x = p.payload;
        if (p.name === 'lead.pond') {
          const lead: PondLead = { leadId: String(x.leadId), fullName: String(x.fullName), leadType: String(x.leadType), source: '', createdAt: String(x.at) };
          setLeads((ls) => (ls ? [...ls.filter((l) => l.leadId !== lead.leadId), lead] : ls));
          setPondOn(true);
        } else if (p.name === 'lead.claimed') {
          setLeads((ls) => (ls ? ls.filter((l) => l.leadId !== String(x.leadId)) : ls));
        }
      }),
    [subscribe],
  );

  const claim = async (lead: PondLead) => {
    setLeads((ls) => (ls ? ls.filter((l) => l.leadId !== lead.leadId) : ls));
    setNotice({ kind: 'status', text: `Claiming ${lead.fullName}…` });
    try {
      await pondApi.claim(lead.leadId);
      setNotice({ kind: 'status', text: `${lead.fullName} is yours now` });
      onClaimed(lead.leadId);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        setNotice({ kind: 'alert', text: err.status === 409 ? err.message : `${lead.fullName} is no longer in the pond` });
      } else {
        setLeads((ls) => (ls ? [...ls.filter((l) => l.leadId !== lead.leadId), lead] : ls));
        setNotice({ kind: 'alert', text: err instanceof ApiError ? err.message : 'The lead could not be claimed' });
      }
    }
  };

  if (leads === null && !failed) return null;
  if (!failed && !pondOn && (leads?.length ?? 0) === 0 && !notice) return null;
  return (
    <section className={styles.pond} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId}>
          Pond <span className={styles.count}>{leads?.length ?? 0}</span>
        </h2>
        <p className={styles.intro}>Leads nobody holds: the first agent to claim one gets it.</p>
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
      {leads && leads.length === 0 && !failed && <p className={styles.empty}>The pond is empty. Leads nobody contacts in time appear here.</p>}
      {leads && leads.length > 0 && (
        <ul className={styles.list}>
          {leads.map((l) => (
            <li key={l.leadId} className={styles.item}>
              <div className={styles.who}>
                <span className={styles.name}>{l.fullName}</span>
                <span className={styles.meta}>
                  {l.leadType} ·{' '}
                  <time dateTime={l.createdAt} title={fullDate(l.createdAt)}>
                    {relativeTime(l.createdAt, now)}
                  </time>
                </span>
              </div>
              {role !== 'staff' && (
                <button type="button" className="btn btn-primary" aria-label={`Claim ${l.fullName}`} onClick={() => void claim(l)}>
                  Claim
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role={notice?.kind === 'alert' ? 'alert' : 'status'} className={notice?.kind === 'alert' ? styles.error : styles.status}>
        {notice?.text}
      </p>
    </section>
  );
}
