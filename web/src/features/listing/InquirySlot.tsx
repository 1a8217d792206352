import type { ListingDetails } from '../../api/types';
import { openSignIn } from '../account/openSignIn';
import { money } from '../../ui/format';
import styles from './ListingPage.module.css';

/**
 * Where the inquiry form goes (the accounts issue builds it: POST /api/account/inquiry with
 * this listing). Until then the box invites the visitor to sign in.
 */
export function InquirySlot({ listing }: { listing: ListingDetails }) {
  return (
    <div className={styles.inquiry} data-slot="inquiry" data-pdid={listing.pdid}>
      <h2>Interested in this home?</h2>
      <p>
        Ask about {listing.address ?? 'this listing'}
        {listing.price !== null ? ` (${money(listing.price)})` : ''}, arrange a tour, or get similar homes by e-mail.
      </p>
      <button type="button" className="btn btn-primary" onClick={openSignIn}>
        Contact an agent
      </button>
    </div>
  );
}
