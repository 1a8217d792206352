import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { backofficeApi, type HistoryEntry, type HistoryFilter, type HistoryPage } from '../../api/backoffice';
import { isAbort } from '../../api/http';
import forms from '../../ui/forms.module.css';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import { personName, when } from './backofficeFormat';
import history from './HistoryPanel.module.css';
import { Pager } from './Pager';
import { StateAsOfDialog } from './StateAsOfDialog';

const PER_PAGE = 50;

/** A date input's day as the start (or end) of that day in the staff member's own time zone. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

/**
 * The account's full history from the event store, newest first: every event of its streams
 * and of the streams about it, with who did it (and for whom, when impersonating), filters by
 * type and day, the state as of any event, and the export of what is filtered as JSON.
 */
export function HistoryPanel({ userId, revision }: { userId: string; revision: number }) {
  const [filter, setFilter] = useState<{ type: string; from: string; to: string }>({ type: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<HistoryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [asOf, setAsOf] = useState<HistoryEntry | null>(null);
  const query: HistoryFilter = { type: filter.type || undefined, from: dayBound(filter.from, false), to: dayBound(filter.to, true) };

  useEffect(() => {
    backofficeApi
      .history(userId, { ...query, page, perpage: PER_PAGE })
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((err: unknown) => !isAbort(err) && setError((err as Error).message));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, filter.type, filter.from, filter.to, page, revision]);

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setPage(1);
    setFilter({ type: String(f.get('type') ?? ''), from: String(f.get('from') ?? ''), to: String(f.get('to') ?? '') });
  };
  const toggle = (id: string) => setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  return (
    <div>
      <form className={styles.filters} onSubmit={apply} aria-label="Filter the history">
        <label className={styles.field}>
          Event type
          <select className={styles.select} name="type" defaultValue={filter.type}>
            <option value="">All types</option>
            {data?.types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          From
          <input className={styles.input} type="date" name="from" defaultValue={filter.from} />
        </label>
        <label className={styles.field}>
          To
          <input className={styles.input} type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit" className="btn">
          Apply
        </button>
        <a className={`btn ${history.export}`} href={backofficeApi.exportUrl(userId, query)} download>
          Export JSON
        </a>
      </form>
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.phoneStack}>
        <DataTable
          columns={['When', 'Event', 'By', 'Stream', { label: 'Details', hidden: true }]}
          label="Account history"
          after={data && data.events.length === 0 && <p className={styles.empty}>No event matches these filters.</p>}
        >
          {data?.events.map((e) => (
            <Fragment key={e.eventId}>
              <tr data-selected={open.has(e.eventId)}>
                <td className={`${styles.small} ${history.when}`}>{when(e.at)}</td>
                <td>
                  <span className={history.type}>{e.type}</span>
                  {reasonOf(e) && <span className={history.reason}>“{reasonOf(e)}”</span>}
                </td>
                <td>
                  <span>{personName(data.people, e.actorId)}</span>
                  {e.impersonatorId && (
                    <span className={`${styles.badge} ${history.impersonated}`} data-tone="warn" title="Done while staff acted as this user">
                      as user, by {personName(data.people, e.impersonatorId)}
                    </span>
                  )}
                </td>
                <td className={`${styles.mono} ${history.stream}`}>{e.streamId.split('-')[0]}</td>
                <td className={history.rowButtons}>
                  <button type="button" className={forms.linkButton} aria-expanded={open.has(e.eventId)} onClick={() => toggle(e.eventId)}>
                    {open.has(e.eventId) ? 'Hide' : 'Data'}
                  </button>
                  <button type="button" className={forms.linkButton} onClick={() => setAsOf(e)}>
                    State as of
                  </button>
                </td>
              </tr>
              {open.has(e.eventId) && (
                <tr>
                  <td colSpan={5}>
                    <dl className={history.meta}>
                      <dt>Stream</dt>
                      <dd className={styles.mono}>
                        {e.streamId} #{e.streamPosition}
                      </dd>
                      <dt>Position</dt>
                      <dd className={styles.mono}>{e.position}</dd>
                      <dt>Site</dt>
                      <dd className={styles.mono}>{e.siteId ?? '—'}</dd>
                      <dt>Correlation</dt>
                      <dd className={styles.mono}>{e.correlationId}</dd>
                    </dl>
                    <pre className={styles.pre}>{JSON.stringify(e.data, null, 2)}</pre>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      </div>
      {data && <Pager page={data.page} perpage={data.perpage} total={data.total} onPage={setPage} label="events" />}
      <StateAsOfDialog userId={userId} entry={asOf} onClose={() => setAsOf(null)} />
    </div>
  );
}

const reasonOf = (e: HistoryEntry): string | null => {
  const r = (e.data as { reason?: unknown } | null)?.reason;
  return typeof r === 'string' ? r : null;
};
