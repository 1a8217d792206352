import { useEffect, useState } from 'react';
import { contract } from '../../../../src/contract/routes';
import type { ResponseOf } from '../../../../src/contract/route';
import { api } from '../../api/contract-client';
import { ApiError } from '../../api/http';
import { Link } from '../../app/Link';
import { useLocation } from '../../app/location';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

type CmaRequest = ResponseOf<typeof contract.valuation.cmaRequest>;
const failed = (err: unknown) => (err instanceof ApiError ? err.message : 'The server cannot be reached: please try again');

/**
 * `/ask-cma?t=`: where the home value e-mail's "Ask for a CMA" lands. Opening it asks nothing
 * (mail scanners follow links); one click on the button sends the request, with nothing to type.
 */
export function AskCmaPage() {
  const token = new URLSearchParams(useLocation().search).get('t') ?? '';
  const [ask, setAsk] = useState<CmaRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Ask for a market analysis');
  useEffect(() => {
    api(contract.valuation.cmaRequest, { query: { t: token } }).then(setAsk, (err: unknown) => setError(failed(err)));
  }, [token]);

  const send = () => {
    setBusy(true);
    setError(null);
    api(contract.valuation.requestCma, { body: { t: token } })
      .then(setAsk, (err: unknown) => setError(failed(err)))
      .finally(() => setBusy(false));
  };

  return (
    <main id="main" className="simple-page">
      <h1>Ask for a market analysis</h1>
      {!ask && !error && <p aria-busy="true">Loading…</p>}
      {ask && !ask.requested && (
        <>
          <p>
            An agent of {ask.siteName} will compare <strong>{ask.street}</strong> with the recent sales around it, adjust each for how it differs from your
            home, and send you the analysis. It is free and asks nothing of you.
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={send}>
            {busy ? 'Sending…' : 'Yes, send me a market analysis'}
          </button>
        </>
      )}
      <p role="status">{ask?.requested ? `Thank you: your agent will prepare a market analysis of ${ask.street} and be in touch.` : null}</p>
      {error && <p role="alert">{error}</p>}
      <p>
        <Link href="/sell">See your home’s value now</Link>
      </p>
    </main>
  );
}
