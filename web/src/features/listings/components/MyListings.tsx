import { useEffect, useState } from 'react';
import type { AgentListingsResponse, AgentListingView } from '../../../../../src/contract/agent-listings';
import { NOT_SHOWN_PUBLICLY } from '../../../../../src/contract/agent-listings';
import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import { Link } from '../../../app/Link';
import { addressLine, money, shortDate } from '../../../ui/format';
import type { Role } from '../../../api/dashboardApi';
import styles from './MyListings.module.css';

const PER_PAGE = 25;

const TITLE: Record<Role, string> = { agent: 'My listings', broker: "Your office's listings", staff: "Agents' listings" };
const HIDDEN_TOO = 'Those the MLS does not let be shown publicly are here too, marked';
const INTRO: Record<Role, string> = {
  agent: `Listings that name your MLS id (set it under Team) or that your broker linked to you. ${HIDDEN_TOO}: only you, your broker and staff see them.`,
  broker: `Your agents' listings, by their MLS id or linked to them. ${HIDDEN_TOO}: only their agent, you and staff see them.`,
  staff: `Every agent's listings, by their MLS id or linked to them. ${HIDDEN_TOO}: only their agent, the broker and staff see them.`,
};

/**
 * The listings of the agents in the viewer's scope (GET /api/dashboard/listings): hers for an
 * agent, the office's for a broker, everyone's for staff. Listings the MLS does not let be shown
 * publicly are here too, marked, and link nowhere (their public page answers 404).
 */
export function MyListings({ role }: { role: Role }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AgentListingsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    api(contract.leads.myListings, { query: { page: String(page), perpage: String(PER_PAGE) } }).then(
      (d) => live && setData(d),
      (err: unknown) => live && setError(err instanceof Error ? err.message : 'The listings could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <section className={styles.panel} aria-labelledby="my-listings-title" aria-busy={!data && !error}>
      <h1 id="my-listings-title">{TITLE[role]}</h1>
      <p className={styles.intro}>{INTRO[role]}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!data && !error && <p className={styles.muted}>Loading listings…</p>}
      {data && data.total === 0 && (
        <p className={styles.empty}>
          {role === 'agent'
            ? 'No listings yet. Enter your MLS agent id under Team: once your broker confirms it, the listings the MLS names you for appear here.'
            : 'No listings of your agents yet.'}
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <p className={styles.summary} aria-live="polite">
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'listing' : 'listings'}
            {data.hidden > 0 && `, ${data.hidden.toLocaleString('en-US')} not shown publicly`}
          </p>
          <ul className={styles.list}>
            {data.listings.map((l) => (
              <ListingRow key={l.pdid} listing={l} showAgent={role !== 'agent'} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Listing pages">
              <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function ListingRow({ listing: l, showAgent }: { listing: AgentListingView; showAgent: boolean }) {
  const where = addressLine(l) || l.mlsid || l.pdid;
  return (
    <li className={styles.row} data-hidden={!l.shownPublicly}>
      <div className={styles.head}>
        {l.shownPublicly ? <Link href={`/listing/${encodeURIComponent(l.pdid)}`}>{where}</Link> : <span className={styles.address}>{where}</span>}
        {!l.shownPublicly && <span className={styles.idx}>{NOT_SHOWN_PUBLICLY}</span>}
      </div>
      <p className={styles.facts}>
        <span className={styles.status}>{l.status}</span> · <strong>{money(l.price, l.forRent)}</strong>
        {l.propertyType && ` · ${l.propertyType}`}
        {l.mlsid && ` · MLS # ${l.mlsid}`}
      </p>
      <p className={styles.meta}>
        Last change {shortDate(l.modifiedAt)}
        {showAgent && ` · ${l.agent?.fullName || l.listAgentName || 'No agent of yours'}`}
        {l.shownPublicly && !l.addressShownPublicly && ' · street address not shown publicly'}
      </p>
    </li>
  );
}
