import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { backofficeApi } from '../../api/backoffice';
import { accountExportUrl } from '../../api/account';
import { useRealtime } from '../../api/realtime';
import { Link } from '../../app/Link';
import { AccountRecord } from './AccountRecord';
import { ACTION_GROUPS, type ActionDef } from './accountActions';
import { ActionDialog } from './ActionDialog';
import { ExportLinks } from '../profile';
import styles from './Backoffice.module.css';
import { accountHref, levelName, personName, phone, when } from './backofficeFormat';
import { BecomeDialog } from './BecomeDialog';
import { HistoryPanel } from './HistoryPanel';
import layout from './AccountView.module.css';
import { StatusBadge } from './StatusBadge';
import { LiveIndicator } from '../../ui/LiveIndicator';

const TABS = [
  ['history', 'History'],
  ['record', 'Record'],
] as const;

/**
 * One account: who it is, its back-office record, the actions staff can take (each with a reason),
 * "become user", and its full history. Refreshes when a push says the account changed.
 */
export function AccountView({ userId, tab }: { userId: string; tab: string | null }) {
  const current = tab === 'record' ? 'record' : 'history';
  // Keyed by the account: a late answer for the previous account never shows for this one.
  const {
    data: view,
    error,
    refetch,
  } = useQuery({ queryKey: ['backoffice', 'account', userId], queryFn: ({ signal }) => backofficeApi.account(userId, signal) });
  const load = () => void refetch();
  const [action, setAction] = useState<ActionDef | null>(null);
  const [becoming, setBecoming] = useState(false);
  const [revision, setRevision] = useState(0);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { connected } = useRealtime('backoffice.accountChanged', (p) => {
    if (p.userId !== userId && p.userId !== null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      load();
      setRevision((r) => r + 1);
    }, 150);
  });

  if (error && !view) return <p className={styles.error}>{error.message}</p>;
  if (!view) return <div className="page-loading" aria-busy="true" />;
  const m = view.member;
  const name = m?.fullName ?? `${String(view.account.firstName ?? '')} ${String(view.account.lastName ?? '')}`.trim();
  const level = Number(view.account.securityLevel ?? m?.securityLevel ?? 0);
  const done = () => {
    setAction(null);
    load();
    setRevision((r) => r + 1);
  };

  return (
    <div className={layout.layout}>
      <section className={`${styles.card} ${layout.summary}`} aria-labelledby="account-name">
        <div className={styles.cardBody}>
          <p className={styles.small}>
            <Link href="/dashboard/backoffice">← Members</Link>
          </p>
          <h2 id="account-name" className={layout.name}>
            {name || '(no name)'}
          </h2>
          <p className={layout.email}>{String(view.account.email ?? m?.email ?? '')}</p>
          <p className={layout.badges}>
            <span className={styles.badge}>{levelName(level)}</span>
            {m && <StatusBadge status={m.status} />}
            <LiveIndicator connected={connected} />
          </p>
          <dl className={styles.facts}>
            <dt>Phone</dt>
            <dd>{phone(m?.phone ?? null)}</dd>
            <dt>Site</dt>
            <dd>{m?.siteSubdomain ?? '—'}</dd>
            <dt>Owns</dt>
            <dd>{view.ownedSites.length ? view.ownedSites.map((s) => s.subdomain).join(', ') : '—'}</dd>
            <dt>Sign-ins</dt>
            <dd>{m?.loginCount ?? 0}</dd>
            <dt>Last sign-in</dt>
            <dd>{when(m?.lastLoginAt ?? null)}</dd>
            <dt>Created</dt>
            <dd>{when(m?.createdAt ?? null)}</dd>
            <dt>Account id</dt>
            <dd className={styles.mono}>{view.userId}</dd>
          </dl>
          {view.admin.mergedInto && (
            <p className={layout.notice}>
              Merged into <Link href={accountHref(view.admin.mergedInto.userId)}>{personName(view.people, view.admin.mergedInto.userId)}</Link>. Its own history
              stays below.
            </p>
          )}
          {level < 25 && (
            <button type="button" className={`btn ${layout.become}`} onClick={() => setBecoming(true)}>
              Become this user…
            </button>
          )}
          <ExportLinks href={accountExportUrl(userId)} />
        </div>
        <div className={layout.actions}>
          {ACTION_GROUPS.map((g) => (
            <div key={g.name} role="group" aria-labelledby={`group-${g.name}`} className={layout.group}>
              <h3 id={`group-${g.name}`} className={layout.groupName}>
                {g.name}
              </h3>
              <div className={layout.groupButtons}>
                {g.actions.map((a) => (
                  <button key={a.id} type="button" className={`btn ${styles.btnSmall} ${a.danger ? styles.btnDanger : ''}`} onClick={() => setAction(a)}>
                    {a.label}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      </section>
      <section className={`${styles.card} ${layout.main}`} aria-label="Account details">
        <div className={layout.tabBar} role="tablist" aria-label="Account views">
          {TABS.map(([id, label]) => (
            <Link
              key={id}
              href={accountHref(userId, id === 'history' ? undefined : id)}
              replace
              role="tab"
              aria-selected={current === id}
              className={layout.tabLink}
            >
              {label}
            </Link>
          ))}
        </div>
        <div role="tabpanel">
          {current === 'history' ? <HistoryPanel userId={userId} revision={revision} /> : <AccountRecord view={view} onAction={setAction} />}
        </div>
      </section>
      <ActionDialog
        action={action}
        userId={userId}
        options={{ siteId: view.ownedSites.map((s) => [s.siteId, `${s.subdomain} (${s.name})`] as const) }}
        onClose={() => setAction(null)}
        onDone={done}
      />
      <BecomeDialog open={becoming} userId={userId} name={name} onClose={() => setBecoming(false)} />
    </div>
  );
}
