import { useEffect, useState } from 'react';
import type { TeamMember } from '../../../../src/contract/public-pages';
import { isAbort } from '../../api/http';
import { siteTeam } from '../../api/pages';
import { Link } from '../../app/Link';
import { useTakeOver } from '../../app/serverPage';
import styles from './AgentPage.module.css';
import { PageLoadError } from './PublicPageParts';
import { useT } from '../../ui/translations';

type State = { status: 'loading' } | { status: 'found'; team: readonly TeamMember[] } | { status: 'error'; message: string };

/** /agents: the site's team (the broker first, then the office's agents by name), each linked to their page. */
export function TeamPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    siteTeam()
      .then((team) => live && setState({ status: 'found', team }))
      .catch((err: unknown) => live && !isAbort(err) && setState({ status: 'error', message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, []);
  useTakeOver(state.status !== 'loading');
  const t = useT();
  const heading = t('header.agents', 'Our agents');
  useEffect(() => {
    document.title = heading;
  }, [heading]);
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error') return <PageLoadError title="We could not load our agents" message={state.message} />;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.name}>{heading}</h1>
      {state.team.length === 0 ? (
        <p>{t('pages.team.none', 'No agents are listed on this site yet.')}</p>
      ) : (
        <ul className={styles.team}>
          {state.team.map((m) => (
            <li key={m.path} className={styles.member}>
              {m.photo ? (
                <img className={styles.memberPhoto} src={m.photo} alt="" width={96} height={96} loading="lazy" />
              ) : (
                <span className={styles.memberPhoto} aria-hidden="true" />
              )}
              <Link href={m.path} className={styles.memberName}>
                {m.name}
              </Link>
              <span className={styles.role}>{m.role === 'Broker' ? t('pages.role.broker', 'Broker') : t('pages.role.agent', 'Agent')}</span>
              {m.phone && <a href={`tel:${m.phone}`}>{m.phone}</a>}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
