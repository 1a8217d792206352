import { useState } from 'react';
import { ApiError } from '../../../api/http';
import type { SiteSettingsView as Settings } from '../../../../../src/contract/site-settings';
import { siteSettingsApi } from '../api/siteSettingsApi';
import styles from './SiteSettingsView.module.css';

const STATUS_TEXT = {
  pending: 'Pending: not serving the site until verified',
  verified: 'Verified: the site answers on this domain',
  failed: 'Verification failed',
} as const;

/**
 * Where the saved custom domain stands, and until it is verified how to prove it is yours (a TXT
 * record or a file on the domain) with "Verify now". `unsaved`: the form holds another domain.
 */
export function DomainVerification({
  saved,
  unsaved,
  onChecked,
}: {
  readonly saved: Settings;
  readonly unsaved: boolean;
  readonly onChecked: (next: Settings) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const v = saved.domainVerification;
  if (!saved.DomainName || !v) return null;

  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      onChecked(await siteSettingsApi.verifyDomain(saved.siteId));
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : 'The domain could not be checked');
    }
    setBusy(false);
  };

  return (
    <section className={styles.verification} aria-labelledby={`verify-${saved.siteId}`}>
      <h3 id={`verify-${saved.siteId}`}>Domain verification: {saved.DomainName}</h3>
      <p className={v.status === 'verified' ? styles.verified : v.status === 'failed' ? styles.error : styles.muted} data-testid="domain-status">
        {STATUS_TEXT[v.status]}
      </p>
      {v.status === 'failed' && v.reason && <p className={styles.hint}>{v.reason}</p>}
      {v.status !== 'verified' && (
        <>
          <p className={styles.hint}>Prove that {saved.DomainName} is yours in one of two ways, then choose Verify now:</p>
          <table className={styles.records}>
            <caption className={styles.hint}>1. A TXT record at the domain’s DNS host</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>TXT</td>
                <td>{v.txtName}</td>
                <td>
                  <code>{v.token}</code>
                </td>
              </tr>
            </tbody>
          </table>
          <p className={styles.hint}>
            2. Or a file at{' '}
            <code>
              http://{saved.DomainName}
              {v.filePath}
            </code>{' '}
            holding only <code>{v.token}</code>.
          </p>
          <div className={styles.verifyActions}>
            <button type="button" className="btn" onClick={() => void verify()} disabled={busy || unsaved}>
              {busy ? 'Checking…' : 'Verify now'}
            </button>
            <span role="status" className={styles.hint}>
              {unsaved ? 'Save the new domain first, then verify it.' : busy ? 'Checking the domain…' : ''}
            </span>
          </div>
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
