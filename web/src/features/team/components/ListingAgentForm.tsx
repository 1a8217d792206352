import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Agent, Role } from '../../../api/dashboardApi';
import { dashboardApi } from '../../../api/dashboardApi';
import { ApiError } from '../../../api/http';
import { listingDetails } from '../../../api/search';
import { LISTING_ID } from '../../../../../src/contract/office';
import styles from './TeamPanel.module.css';

/** The listing id in what was typed: the id itself, or a listing page's link (…/listing/{id}). */
export function pdidOf(typed: string): string | null {
  const t = typed.trim();
  const m = /\/listing\/([^/?#]+)/.exec(t);
  const pdid = m ? decodeURIComponent(m[1]!) : t;
  return LISTING_ID.test(pdid) ? pdid : null;
}

type State = { kind: 'idle' | 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * Who a listing's leads go to under the listing-agent rule. The broker links any listing to an
 * agent of the office (or unlinks it); an agent claims, for themself, a listing nobody holds where
 * the broker allows claims (the server says why otherwise). The listing is checked first so that
 * a typo is not linked.
 */
export function ListingAgentForm({ agents, role, viewerId }: { agents: readonly Agent[]; role: Role; viewerId: string | null }) {
  const id = useId();
  const [listing, setListing] = useState('');
  const choices = role === 'agent' ? agents.filter((a) => a.userId === viewerId) : agents.filter((a) => a.securityLevel === 10);
  // The agents arrive after the first render: the first of them until one is picked.
  const [picked, setPicked] = useState('');
  const agentId = role === 'agent' ? (viewerId ?? '') : picked || (choices[0]?.userId ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });
  // An agent sees the form only where the broker allows claims.
  const [claimsAllowed, setClaimsAllowed] = useState(role !== 'agent');
  useEffect(() => {
    if (role !== 'agent') return;
    void dashboardApi.officeSettings().then(
      (r) => setClaimsAllowed(r.settings.agentsMayClaimListings),
      () => setClaimsAllowed(false),
    );
  }, [role]);

  const run = async (to: string | null) => {
    const pdid = pdidOf(listing);
    if (!pdid) return setState({ kind: 'error', message: "Paste the listing's page link or type its listing id" });
    setState({ kind: 'busy' });
    try {
      const details = await listingDetails(pdid).catch((err: unknown) => {
        throw err instanceof ApiError && err.status === 404 ? new Error('No listing on the site has this id') : err;
      });
      await dashboardApi.linkListing(pdid, to);
      const who = agents.find((a) => a.userId === to)?.fullName;
      const address = details.address || pdid;
      setState({
        kind: 'done',
        message: who ? `${address} is linked to ${who}: its leads go to them.` : `${address} is unlinked: its leads follow the other rules.`,
      });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : 'The listing could not be linked' });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(agentId || null);
  };
  if (choices.length === 0 || !claimsAllowed) return null;
  return (
    <form className={styles.listingForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{role === 'agent' ? 'Claim a listing' : 'Listing agents'}</h2>
      <p className={styles.mlsHint}>
        {role === 'agent'
          ? 'Leads about a listing you claim come to you. A listing someone holds stays theirs.'
          : "Leads about a linked listing go to its agent first (the listing-agent rule). Listings the feeds bring with an agent's MLS id are linked by themselves."}
      </p>
      <label htmlFor={`${id}-listing`}>Listing (its page link or id)</label>
      <input id={`${id}-listing`} value={listing} onChange={(e) => setListing(e.target.value)} placeholder="https://…/listing/…" autoComplete="off" />
      {role !== 'agent' && (
        <>
          <label htmlFor={`${id}-agent`}>Agent</label>
          <select id={`${id}-agent`} value={agentId} onChange={(e) => setPicked(e.target.value)}>
            {choices.map((a) => (
              <option key={a.userId} value={a.userId}>
                {a.fullName}
              </option>
            ))}
          </select>
        </>
      )}
      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={state.kind === 'busy'}>
          {role === 'agent' ? 'Claim' : 'Link'}
        </button>
        {role !== 'agent' && (
          <button type="button" className="btn" disabled={state.kind === 'busy'} onClick={() => void run(null)}>
            Unlink
          </button>
        )}
      </div>
      <p className={state.kind === 'error' ? styles.error : styles.mlsHint} role="status">
        {state.kind === 'done' || state.kind === 'error' ? state.message : state.kind === 'busy' ? 'Checking the listing…' : ''}
      </p>
    </form>
  );
}
