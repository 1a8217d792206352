import { useEffect, useState } from 'react';
import { reloadAfterInquiry } from '../../../../src/contract/prompt-rules';
import type { ListingDetails } from '../../../../src/contract/search';
import { useCurrentUser } from '../../app/currentUser';
import { useSite } from '../../app/useSite';
import { money } from '../../ui/format';
import { readJson, writeJson } from '../../ui/storage';
import formStyles from '../../ui/forms.module.css';
import { requestSignIn } from '../sign-in';
import { InquiryForm } from '../forms';
import { LenderLink } from '../forms';
import styles from './ListingPage.module.css';
import { useT } from '../../ui/translations';

/** Survives the reload that follows a visitor's first inquiry, so the success message is still there. */
const SENT_KEY = 'porchlight.inquirySent';

/**
 * The inquiry form on a listing page (spec sections 3, 4 and 8). Success hides the form and shows
 * a message; a visitor who was signed out has just been registered and signed in, so the page
 * reloads (a signed-in visitor's page does not).
 */
export function InquirySlot({ listing }: { listing: ListingDetails }) {
  const t = useT();
  const { ready, user } = useCurrentUser();
  const { site } = useSite();
  const message = t('inquiry.listing.message', 'I would like more information about {address}.', {
    address: listing.address ?? t('inquiry.listing.thisHome', 'this home'),
  });
  const [sent, setSent] = useState(() => readJson<string>('sessionStorage', SENT_KEY) === listing.pdid);
  // Shown once, on the page load that follows the reload.
  useEffect(() => {
    if (sent) writeJson('sessionStorage', SENT_KEY, null);
  }, [sent]);

  const onSent = () => {
    if (reloadAfterInquiry({ noReload: false, wasSignedIn: user !== null, lender: false })) {
      writeJson('sessionStorage', SENT_KEY, listing.pdid);
      window.location.reload();
      return;
    }
    setSent(true);
  };

  return (
    <div className={styles.inquiry} data-slot="inquiry" data-pdid={listing.pdid}>
      <h2>{t('listing.contact', 'Interested in this home?')}</h2>
      <LenderLink />
      {sent ? (
        <div className={formStyles.success} role="status" data-testid="inquiry-sent">
          <strong>{t('inquiry.listing.thanks', 'Thank you!')}</strong> {t('inquiry.listing.sent', 'Your message was sent. An agent will be in touch shortly.')}
          <div>
            <button type="button" className={formStyles.linkButton} onClick={() => setSent(false)}>
              {t('inquiry.listing.another', 'Send another message')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>
            {t('inquiry.listing.lead', 'Ask about {address}{price}, arrange a tour, or get similar homes by e-mail.', {
              address: listing.address ?? t('inquiry.listing.thisListing', 'this listing'),
              price: listing.price !== null ? ` (${money(listing.price, listing.forRent)})` : '',
            })}
          </p>
          {ready && (
            <InquiryForm
              key={user?.userDID ?? 'visitor'}
              leadType="Inquiry"
              pdid={listing.pdid}
              withMessage
              allowPartialName={site?.settings['Registration_AllowPartialName'] === true}
              initial={
                user
                  ? { FullName: [user.firstName, user.lastName].filter(Boolean).join(' '), Email: user.email, Phone: user.cellPhone ?? '', Message: message }
                  : { Message: message }
              }
              submitLabel={t('inquiry.listing.submit', 'Contact an agent')}
              onSent={onSent}
              onEmailInUse={(email) =>
                requestSignIn({
                  tab: 'signin',
                  dismissable: true,
                  email,
                  notice: t('inquiry.emailInUse', 'An account already uses this email. Sign in to send your message.'),
                })
              }
            />
          )}
        </>
      )}
    </div>
  );
}
