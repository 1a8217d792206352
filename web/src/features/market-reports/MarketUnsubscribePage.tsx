import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { stopAreas, stopAreasOf } from './marketApi';

const UNKNOWN = 'This link is not valid: use the one in your latest market report e-mail';
type Area = { readonly slug: string; readonly label: string; readonly subscribed: boolean };
const failure = (err: unknown) => (err instanceof ApiError ? err.message : 'The server cannot be reached: try again');

/**
 * The monthly market e-mail's "Stop the … report" link (`/market-unsubscribe?t=`): names the area
 * and stops it in one press; the visitor's other areas and other e-mail go on.
 */
export function MarketUnsubscribePage() {
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  const [areas, setAreas] = useState<readonly Area[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = areas?.map((a) => a.label).join(', ') ?? '';
  useDocumentTitle(names ? `Stop the ${names} market report` : 'Market report e-mail');
  useEffect(() => {
    if (!token) return setError(UNKNOWN);
    stopAreasOf(token).then(
      (r) => setAreas(r.areas),
      (err: unknown) => setError(failure(err)),
    );
  }, [token]);

  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      await stopAreas(token);
      setAreas((a) => a?.map((x) => ({ ...x, subscribed: false })) ?? null);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const stopped = areas !== null && areas.every((a) => !a.subscribed);
  return (
    <main id="main" className="simple-page">
      <h1>{names ? `The ${names} market report` : 'Market report e-mail'}</h1>
      {error && <p role="alert">{error}</p>}
      {!areas && !error && <p aria-busy="true">Loading…</p>}
      {areas && !stopped && (
        <>
          <p>You get this area’s market figures by e-mail every month. Stopping it stops this area only: your other areas and other e-mail go on.</p>
          <button type="button" className="btn btn-primary" onClick={() => void stop()} disabled={busy}>
            {busy ? 'Stopping…' : `Stop the ${names} report`}
          </button>
        </>
      )}
      {stopped && (
        <p role="status" data-testid="market-stopped">
          You will get no more {names} market report e-mails. Your other e-mail is unchanged.
        </p>
      )}
    </main>
  );
}
