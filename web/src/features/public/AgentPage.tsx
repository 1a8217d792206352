import { useEffect, useState } from 'react';
import { ApiError, isAbort } from '../../api/http';
import { agentPage } from '../../api/pages';
import type { AgentPageView } from '../../../../src/contract/public-pages';
import { useTakeOver } from '../../app/serverPage';
import { AgentBio } from '../../ui/AgentBio';
import { AgentContact } from './AgentContact';
import { NotFoundPage } from '../../app/NotFoundPage';
import { CardGrid, PageLoadError } from './PublicPageParts';
import styles from './AgentPage.module.css';
import { useT } from '../../ui/translations';

type State = { status: 'loading' } | { status: 'found'; agent: AgentPageView } | { status: 'missing' } | { status: 'error'; message: string };

/**
 * /agents/{name}-{key}: an agent's or broker's public page: photo, bio (collapsed to 100 px with
 * 'read more', spec section 9), a contact form whose inquiry goes to this agent, active listings.
 */
export function AgentPage({ agentKey }: { agentKey: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    agentPage(agentKey)
      .then((agent) => live && setState({ status: 'found', agent }))
      .catch((err: unknown) => {
        if (!live || isAbort(err)) return;
        setState(
          err instanceof ApiError && err.status === 404
            ? { status: 'missing' }
            : { status: 'error', message: err instanceof Error ? err.message : String(err) },
        );
      });
    return () => {
      live = false;
    };
  }, [agentKey]);
  useTakeOver(state.status !== 'loading');
  const t = useT();
  useEffect(() => {
    if (state.status === 'found') document.title = `${state.agent.name}, Real Estate ${state.agent.role}`;
  }, [state]);

  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error') return <PageLoadError title="We could not load this page" message={state.message} />;
  const a = state.agent;
  return (
    <main id="main" className={styles.page}>
      <header className={styles.head}>
        {a.photo && <img className={styles.photo} src={a.photo} alt={a.name} width={160} height={160} />}
        <div>
          <h1 className={styles.name}>{a.name}</h1>
          <p className={styles.role}>{a.role === 'Broker' ? t('pages.role.broker', 'Broker') : t('pages.role.agent', 'Agent')}</p>
          <ul className={styles.contact} aria-label={t('pages.agent.contact', 'Contact')}>
            <li>
              {t('pages.agent.email', 'E-mail:')} <a href={`mailto:${a.email}`}>{a.email}</a>
            </li>
            {a.phone && (
              <li>
                {t('pages.agent.phone', 'Phone:')} <a href={`tel:${a.phone}`}>{a.phone}</a>
              </li>
            )}
          </ul>
        </div>
      </header>
      {a.bio && (
        <section aria-label="About" className={styles.bio}>
          <AgentBio id="agent-bio" text={a.bio} />
        </section>
      )}
      <section aria-labelledby="agent-contact" className={styles.contactForm}>
        <h2 id="agent-contact">Contact {a.name}</h2>
        <AgentContact agentKey={agentKey} name={a.name} />
      </section>
      <section aria-labelledby="agent-listings">
        <h2 id="agent-listings">{t('pages.agent.listings', 'Active listings')}</h2>
        {a.listings.length === 0 ? <p>{t('pages.agent.noListings', 'No active listings right now.')}</p> : <CardGrid cards={a.listings} />}
      </section>
    </main>
  );
}
