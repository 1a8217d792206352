import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { backofficeApi, type MemberQuery, type MembersPage } from '../../api/backoffice';
import { isAbort } from '../../api/http';
import { useRealtime } from '../../api/realtime';
import { Link } from '../../app/Link';
import { navigate } from '../../app/location';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable';
import { accountHref, levelName, phone, when } from './backofficeFormat';
import { Pager } from './Pager';
import { StatusBadge } from './StatusBadge';
import { LiveIndicator } from '../../ui/LiveIndicator';

const KEYS = ['q', 'level', 'site', 'status'] as const;

/** Member search (findmembers): by name, e-mail, phone, site, level and status; paged; live. */
export function MemberSearch({ params }: { params: URLSearchParams }) {
  const criteria = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof KEYS)[number], string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [result, setResult] = useState<MembersPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = `${KEYS.map((k) => criteria[k]).join('|')}|${page}`;

  const load = useCallback(() => {
    setLoading(true);
    backofficeApi
      // An empty criterion is left out; the server checks the level and status named in the address.
      .findMembers({ ...(Object.fromEntries(KEYS.map((k) => [k, criteria[k] || undefined])) as MemberQuery), page, perpage: 25 })
      .then((r) => {
        setResult(r);
        setError(null);
      })
      .catch((err: unknown) => !isAbort(err) && setError((err as Error).message))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(load, [load]);

  // A change to a member on screen (or many at once) refreshes the page shortly after.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { connected } = useRealtime('backoffice.memberChanged', () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(load, 300);
  });

  const go = (next: Record<string, string>, nextPage = 1) => {
    const u = new URLSearchParams();
    for (const k of KEYS) if (next[k]) u.set(k, next[k]!);
    if (nextPage > 1) u.set('page', String(nextPage));
    navigate(`/dashboard/backoffice${u.toString() ? `?${u}` : ''}`, { replace: true });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    go(Object.fromEntries(KEYS.map((k) => [k, String(form.get(k) ?? '').trim()])));
  };

  return (
    <section className={styles.card} aria-labelledby="members-title">
      <h2 id="members-title" className="visually-hidden">
        Members
      </h2>
      <form role="search" aria-label="Find members" className={styles.filters} onSubmit={submit} key={key}>
        <label className={`${styles.field} ${styles.grow}`}>
          Name, e-mail or phone
          <input className={styles.input} name="q" type="search" defaultValue={criteria.q} placeholder="e.g. Lee, lee@demo.test, 206-555" autoComplete="off" />
        </label>
        <label className={styles.field}>
          Level
          <select className={styles.select} name="level" defaultValue={criteria.level}>
            <option value="">Any</option>
            {[5, 10, 15, 25].map((l) => (
              <option key={l} value={l}>
                {levelName(l)} ({l})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Site
          <input className={styles.input} name="site" defaultValue={criteria.site} placeholder="subdomain or name" autoComplete="off" />
        </label>
        <label className={styles.field}>
          Status
          <select className={styles.select} name="status" defaultValue={criteria.status}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="merged">Merged</option>
            <option value="offboarding">Offboarding</option>
            <option value="locked">Locked</option>
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <LiveIndicator connected={connected} />
      </form>
      {error && <p className={styles.error}>{error}</p>}
      <DataTable
        columns={['Name', 'E-mail', 'Phone', 'Level', 'Site', 'Status', 'Last sign-in']}
        caption="Members found"
        busy={loading}
        after={result && result.members.length === 0 && <p className={styles.empty}>No member matches these criteria.</p>}
      >
        {result?.members.map((m) => (
          <tr key={m.userId}>
            <td>
              <Link href={accountHref(m.userId)}>{m.fullName || '(no name)'}</Link>
            </td>
            <td>{m.email}</td>
            <td className={styles.mono}>{phone(m.phone)}</td>
            <td>{levelName(m.securityLevel)}</td>
            <td>{m.siteSubdomain ?? '—'}</td>
            <td>
              <StatusBadge status={m.status} />
            </td>
            <td className={styles.small}>{when(m.lastLoginAt)}</td>
          </tr>
        ))}
      </DataTable>
      {result && <Pager page={result.page} perpage={result.perpage} total={result.total} onPage={(p) => go(criteria, p)} label="members" />}
    </section>
  );
}
