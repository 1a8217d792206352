import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ActivityWeeks } from './ActivityWeeks';
import { type ListingActivity, listingActivityApi } from './listingActivityApi';

const UNKNOWN = 'This listing report link is not valid: ask your agent for a new one';

/** The seller's read-only report of their listing's traffic, by the signed link the agent sent (`/listing-report?t=`). */
export function ListingReportPage() {
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  const [report, setReport] = useState<ListingActivity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = report ? `Activity of ${report.address ?? 'your listing'}` : 'Listing activity';
  useDocumentTitle(title);
  useEffect(() => {
    if (!token) return setError(UNKNOWN);
    listingActivityApi.report(token).then(setReport, (err: unknown) => setError(err instanceof ApiError ? err.message : 'The server cannot be reached'));
  }, [token]);

  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      {error && <p role="alert">{error}</p>}
      {!report && !error && <p aria-busy="true">Loading…</p>}
      {report && (
        <>
          <p>How many people looked at your listing each week, kept it as a favorite, shared it, asked for a showing or sent a question.</p>
          <ActivityWeeks weeks={report.weeks} />
        </>
      )}
    </main>
  );
}
