import { useState } from 'react';
import { useCurrentUser } from '../../app/currentUser';
import { useSite } from '../../app/useSite';
import formStyles from '../../ui/forms.module.css';
import { Translatable } from '../../ui/Translatable';
import { useLabel } from '../../ui/translations';
import { requestSignIn } from '../sign-in';
import { InquiryForm } from './InquiryForm';
import { INQUIRY_PAGES, type InquiryPath } from './inquiryPages';
import { LenderLink } from './LenderLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { DigestOptIn, estimateSummary, HomeValue, sendSellerLead, type ValuedHome } from '../sell';

/**
 * A page of one inquiry form (seller suite's home value, contact, referral, careers): the form
 * checks in the spec's order, the server's messages show in place, and success replaces the
 * form with a thank-you (no reload: the visitor may be reading what they sent).
 */
export function InquiryPage({ path }: { path: InquiryPath }) {
  const page = INQUIRY_PAGES[path];
  const { ready, user } = useCurrentUser();
  const { site } = useSite();
  const [sent, setSent] = useState(false);
  // On /sell, the instant value's summary goes in the seller's message, so the agent sees it on the lead.
  const [estimate, setEstimate] = useState<string | null>(null);
  const [home, setHome] = useState<ValuedHome | null>(null);
  const [digest, setDigest] = useState(false);
  const title = useLabel(page.title.id, page.title.en);
  const submit = useLabel(page.submit.id, page.submit.en);
  useDocumentTitle(title);
  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      <p>
        <Translatable id={page.intro.id}>{page.intro.en}</Translatable>
      </p>
      {path === '/sell' && (
        <HomeValue
          onEstimate={(h, v) => {
            setHome(h);
            setEstimate(estimateSummary(h, v));
          }}
        />
      )}
      {path === '/sell' && <h2>Get a CMA from an agent</h2>}
      {home && !sent && <DigestOptIn checked={digest} onChange={setDigest} />}
      {page.lender && <LenderLink />}
      {sent ? (
        <div className={formStyles.success} role="status" data-testid="inquiry-sent">
          <strong>
            <Translatable id="forms.thanks.title">Thank you!</Translatable>
          </strong>{' '}
          <Translatable id="forms.thanks">We received your message. An agent will be in touch shortly.</Translatable>
        </div>
      ) : (
        ready && (
          <InquiryForm
            key={`${user?.userDID ?? 'visitor'}:${estimate ?? ''}`}
            {...page.form}
            signedIn={user !== null}
            allowPartialName={site?.settings['Registration_AllowPartialName'] === true}
            initial={{
              ...(user ? { FullName: [user.firstName, user.lastName].filter(Boolean).join(' '), Email: user.email, Phone: user.cellPhone ?? '' } : {}),
              ...(estimate ? { Message: estimate } : {}),
            }}
            submitLabel={submit}
            {...(home ? { send: sendSellerLead({ ...home, digest }) } : {})}
            onSent={() => setSent(true)}
            onEmailInUse={(email) =>
              requestSignIn({ tab: 'signin', dismissable: true, email, notice: 'An account already uses this email. Sign in to send your message.' })
            }
          />
        )
      )}
    </main>
  );
}
