import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import forms from '../../ui/forms.module.css';
import { ActivityWeeks } from './ActivityWeeks';
import { SellerMailForm } from './SellerMailForm';
import { type ListingActivity, listingActivityApi, type MyListing } from './listingActivityApi';
import styles from './ListingActivity.module.css';

const failure = (err: unknown) => (err instanceof ApiError ? err.message : 'The server cannot be reached');
const labelOf = (l: MyListing) => [l.address ?? l.mlsid ?? l.pdid, l.city, l.status].filter(Boolean).join(' · ');

/** The dashboard's Listing activity view: one of my listings' weekly traffic, and a signed link to it for the seller, copied or e-mailed. */
export function ListingActivityView() {
  const [listings, setListings] = useState<readonly MyListing[] | null>(null);
  const [pdid, setPdid] = useState('');
  const [activity, setActivity] = useState<ListingActivity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);

  useEffect(() => {
    listingActivityApi.myListings().then(
      (page) => {
        setListings(page.listings);
        if (page.listings[0]) setPdid(page.listings[0].pdid);
      },
      (err: unknown) => setError(failure(err)),
    );
  }, []);

  useEffect(() => {
    if (!pdid) return;
    setActivity(null);
    setLink(null);
    setLinkNote(null);
    listingActivityApi.activity(pdid).then(setActivity, (err: unknown) => setError(failure(err)));
  }, [pdid]);

  const sendToSeller = async () => {
    setLinkNote(null);
    try {
      const made = await listingActivityApi.sellerLink(pdid);
      const url = new URL(made.path, window.location.origin).toString();
      setLink(url);
      const until = new Date(made.expiresAt).toLocaleDateString();
      try {
        await navigator.clipboard.writeText(url);
        setLinkNote(`Link copied: send it to the seller. It opens a read-only report until ${until}.`);
      } catch {
        setLinkNote(`Copy this link and send it to the seller. It opens a read-only report until ${until}.`);
      }
    } catch (err) {
      setLinkNote(failure(err));
    }
  };

  return (
    <section aria-labelledby="listing-activity-title" className={styles.view}>
      <h1 id="listing-activity-title">Listing activity</h1>
      {error && <p role="alert">{error}</p>}
      {!listings && !error && <p aria-busy="true">Loading…</p>}
      {listings && listings.length === 0 && (
        <p data-testid="activity-no-listings">You have no listings yet: activity shows here once a listing names you as its agent.</p>
      )}
      {listings && listings.length > 0 && (
        <>
          <div className={styles.row}>
            <label className={`${forms.field} ${styles.listing}`}>
              <span className={forms.label}>Listing</span>
              <select className={forms.input} value={pdid} onChange={(e) => setPdid(e.target.value)} data-testid="activity-listing">
                {listings.map((l) => (
                  <option key={l.pdid} value={l.pdid}>
                    {labelOf(l)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn" onClick={() => void sendToSeller()} disabled={!activity}>
              Copy a link for the seller
            </button>
          </div>
          {linkNote && (
            <p role="status" data-testid="activity-link-note">
              {linkNote}
            </p>
          )}
          {link && (
            <label className={forms.field}>
              <span className={forms.label}>Seller link</span>
              <input className={forms.input} readOnly value={link} onFocus={(e) => e.target.select()} data-testid="activity-link" />
            </label>
          )}
          {!activity && !error && <p aria-busy="true">Loading…</p>}
          {activity && <ActivityWeeks weeks={activity.weeks} />}
          {activity && <SellerMailForm key={pdid} pdid={pdid} />}
        </>
      )}
    </section>
  );
}
