import type { ReactNode } from 'react';
import type { FeedLead, LeadStatus } from '../../../api/dashboardApi';
import { formatPhone, initials, relativeTime } from '../../../lib/dashboardFormat';
import styles from './LeadList.module.css';

type Props = {
  readonly leads: readonly FeedLead[];
  readonly total: number;
  /** The filter bar (and smart lists), above the leads. */
  readonly toolbar: ReactNode;
  /** The smart list open, if any. */
  readonly listName: string | null;
  readonly selectedId: string | null;
  readonly onSelect: (leadId: string) => void;
  readonly fresh: ReadonlySet<string>;
  readonly unread: Readonly<Record<string, number>>;
  readonly checked: ReadonlySet<string>;
  readonly onCheck: (leadId: string, on: boolean) => void;
  readonly loading: boolean;
  readonly now: number;
};

const STATUS_LABEL: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted' };

/** The live lead feed: its filter bar, and the leads (newest activity first unless sorted otherwise). */
export function LeadList(p: Props) {
  return (
    <section className={styles.feed} aria-labelledby="lead-feed-title">
      <div className={styles.top}>
        <h1 id="lead-feed-title" className={styles.title}>
          Leads {/* No count until the first answer: a list still loading does not have 0 leads. */}
          {p.loading && p.leads.length === 0 ? (
            <span className={styles.count} aria-label="counting">
              …
            </span>
          ) : (
            <span className={styles.count}>{p.total}</span>
          )}
        </h1>
        {p.listName && <p className={styles.listName}>{p.listName}</p>}
        {p.toolbar}
      </div>
      <ul className={styles.list} aria-busy={p.loading} aria-label="Leads">
        {!p.loading && p.leads.length === 0 && <li className={styles.empty}>No leads match these filters.</li>}
        {p.leads.map((l) => {
          const unread = p.unread[l.leadId] ?? 0;
          const selected = l.leadId === p.selectedId;
          return (
            <li key={l.leadId} className={`${styles.row} ${p.fresh.has(l.leadId) ? styles.fresh : ''}`} data-selected={selected} data-testid="lead-row">
              <input
                type="checkbox"
                className={styles.check}
                aria-label={`Select ${l.fullName}`}
                checked={p.checked.has(l.leadId)}
                onChange={(e) => p.onCheck(l.leadId, e.target.checked)}
              />
              <button type="button" className={styles.open} aria-current={selected ? 'true' : undefined} onClick={() => p.onSelect(l.leadId)}>
                <span className={styles.avatar} aria-hidden="true">
                  {initials(l.fullName)}
                </span>
                <span className={styles.main}>
                  <span className={styles.nameLine}>
                    <span className={styles.name}>{l.fullName}</span>
                    {p.fresh.has(l.leadId) && <span className={styles.newBadge}>Just in</span>}
                    {unread > 0 && (
                      <span className={styles.unread} aria-label={`${unread} unread message${unread === 1 ? '' : 's'}`}>
                        {unread}
                      </span>
                    )}
                  </span>
                  <span className={styles.sub}>
                    {l.leadType} · {l.source}
                    {l.siteName || l.site ? ` · ${l.siteName ?? l.site}` : ''} · {formatPhone(l.phone) || l.email}
                  </span>
                </span>
                <span className={styles.side}>
                  <time dateTime={l.lastActivityAt} className={styles.time}>
                    {relativeTime(l.lastActivityAt, p.now)}
                  </time>
                  <span className={styles.status} data-status={l.status}>
                    {STATUS_LABEL[l.status]}
                  </span>
                  <span className={styles.score} aria-label={`Score ${l.score} of 100`} title="Lead score, 0 to 100" data-testid="lead-score">
                    <span className={styles.scoreLabel} aria-hidden="true">
                      Score
                    </span>{' '}
                    <span aria-hidden="true">{l.score}</span>
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
