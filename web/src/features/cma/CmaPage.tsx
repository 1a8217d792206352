import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { type CmaView, cmaApi, money } from './cmaApi';
import { CompsTable } from '../sell';
import styles from './Cma.module.css';

/** The CMA a lead was sent, read-only, by the signed link in its e-mail (`/cma?t=`). */
export function CmaPage() {
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  const [cma, setCma] = useState<CmaView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(cma ? `Market analysis of ${cma.address}` : 'Market analysis');
  useEffect(() => {
    if (!token) return setError('This market analysis link is not valid: ask your agent for a new one');
    cmaApi
      .view(token)
      .then(setCma)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'The server cannot be reached'));
  }, [token]);

  return (
    <main id="main" className="simple-page">
      <h1>{cma ? `Market analysis of ${cma.address}` : 'Market analysis'}</h1>
      {error && <p role="alert">{error}</p>}
      {!cma && !error && <p aria-busy="true">Loading…</p>}
      {cma && (
        <div className={styles.cma}>
          <div className={styles.estimate}>
            <h2>Estimated value</h2>
            <p className={styles.figure} data-testid="cma-view-estimate">
              {cma.estimate === null ? '—' : money(cma.estimate)}
            </p>
            <p className={styles.note}>
              {cma.agentName} of {cma.siteName} compared your home with {cma.comps.length} recent sales nearby. This is an estimate, not an appraisal: each
              sale’s price is adjusted for how it differs from your home, and the estimate is the middle of those adjusted prices. Ask {cma.agentName} about
              anything it cannot see, such as your home’s condition and updates.
            </p>
          </div>
          <h2>The sales compared</h2>
          <CompsTable
            caption="Recent sales near your home, and what each says your home is worth"
            rows={cma.comps.map((c, i) => ({
              ...c,
              key: String(i),
              adjusted: (
                <>
                  <strong>{money(c.price)}</strong>
                  {c.note && <div className={styles.note}>{c.note}</div>}
                </>
              ),
            }))}
          />
          <p className={styles.note}>Sales as of {cma.asOf}.</p>
        </div>
      )}
    </main>
  );
}
