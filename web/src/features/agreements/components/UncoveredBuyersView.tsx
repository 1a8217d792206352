import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { UncoveredBuyer } from '../../../../../src/contract/agreements';
import { showingWhen } from '../../../../../src/contract/showings';
import common from '../../../ui/Tasks.module.css';
import { agreementsApi } from '../api/agreementsApi';
import styles from './Agreements.module.css';

/**
 * Buyers touring without cover: each lead with a showing ahead that no signed agreement in force
 * covers on its day, with its agent and that showing (the office's for a broker, one's own for an
 * agent). Opening a lead leads to its agreements panel.
 */
export function UncoveredBuyersView({ onOpenLead }: { readonly onOpenLead: (leadId: string) => void }) {
  const [buyers, setBuyers] = useState<readonly UncoveredBuyer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    agreementsApi.uncovered().then(
      (r) => setBuyers(r.buyers),
      (err: unknown) => setError(err instanceof ApiError ? err.message : 'Could not load the buyers'),
    );
  }, []);
  return (
    <section className={common.view} aria-labelledby="uncovered-title">
      <div className={common.viewHead}>
        <h1 id="uncovered-title">Buyers without an agreement</h1>
      </div>
      <p className={common.hint}>
        Leads with a showing ahead that no signed buyer agreement covers on its day. Their showings cannot be confirmed until one is signed.
      </p>
      {error && <p role="alert">{error}</p>}
      {!buyers && !error && <p aria-busy="true">Loading…</p>}
      {buyers && buyers.length === 0 && <p className={common.empty}>Every buyer with a showing ahead has an agreement in force.</p>}
      {buyers && buyers.length > 0 && (
        <ul className={styles.buyers}>
          {buyers.map((b) => (
            <li key={b.leadId} className={styles.buyer}>
              <button type="button" className={common.linkButton} onClick={() => onOpenLead(b.leadId)}>
                {b.leadName || 'Unnamed lead'}
              </button>
              <span>Agent: {b.agentName ?? 'nobody yet'}</span>
              {b.nextShowing && (
                <span>
                  Next showing: {b.nextShowing.address}, {showingWhen(b.nextShowing.start, b.nextShowing.timeZone)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
