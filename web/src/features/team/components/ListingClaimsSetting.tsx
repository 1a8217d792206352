import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { dashboardApi } from '../../../api/dashboardApi';
import styles from './TeamPanel.module.css';

/**
 * The broker's choice whether agents may link a listing nobody in the office holds to
 * themselves (and so take its listing-agent leads). A listing someone holds is the broker's to
 * move either way.
 */
export function ListingClaimsSetting() {
  const id = useId();
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void dashboardApi.officeSettings().then(
      (r) => setAllowed(r.settings.agentsMayClaimListings),
      (err: unknown) => setError(err instanceof ApiError ? err.message : 'The office settings could not be loaded'),
    );
  }, []);

  // Shown at once, taken back with the reason if the server refuses it.
  const change = async (next: boolean) => {
    setAllowed(next);
    setBusy(true);
    setError(null);
    try {
      setAllowed((await dashboardApi.changeOfficeSettings({ agentsMayClaimListings: next })).settings.agentsMayClaimListings);
    } catch (err) {
      setAllowed(!next);
      setError(err instanceof ApiError ? err.message : 'The setting could not be saved');
    }
    setBusy(false);
  };

  return (
    <div className={styles.setting}>
      {allowed !== null && (
        <label htmlFor={id}>
          <input id={id} type="checkbox" checked={allowed} disabled={busy} onChange={(e) => void change(e.target.checked)} /> Agents may claim listings nobody
          in the office holds
        </label>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
