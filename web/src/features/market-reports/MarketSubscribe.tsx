import { useState } from 'react';
import { type InquiryPayload, sendInquiry } from '../../api/account';
import { useCurrentUser } from '../../app/currentUser';
import { useSite } from '../../app/useSite';
import formStyles from '../../ui/forms.module.css';
import { requestSignIn } from '../sign-in';
import { InquiryForm } from '../forms';
import { subscribeMonthly } from './marketApi';

/** The lead type a subscription is sent as, so the agent sees on the lead what the visitor asked for. */
export const MARKET_REPORT_LEAD_TYPE = 'Market report';

/**
 * "Subscribe monthly": an inquiry (POST /api/account/inquiry, with the site's consent wording and
 * terms) asking for the area's report each month, so the visitor becomes a lead of the site whose
 * timeline says which report; then, as that lead, the subscription the monthly e-mail goes by
 * (a failure of either shows on the form).
 */
export function MarketSubscribe({ label, path }: { label: string; path: string }) {
  const { ready, user } = useCurrentUser();
  const { site } = useSite();
  const [sent, setSent] = useState(false);
  return (
    <section aria-labelledby="market-subscribe">
      <h2 id="market-subscribe">Get the {label} report every month</h2>
      {sent ? (
        <div className={formStyles.success} role="status" data-testid="market-subscribed">
          <strong>Thank you!</strong> You are subscribed to the monthly {label} market report.
        </div>
      ) : (
        ready && (
          <InquiryForm
            key={user?.userDID ?? 'visitor'}
            leadType={MARKET_REPORT_LEAD_TYPE}
            withMessage
            details="none"
            allowPartialName={site?.settings['Registration_AllowPartialName'] === true}
            initial={{
              ...(user ? { FullName: [user.firstName, user.lastName].filter(Boolean).join(' '), Email: user.email, Phone: user.cellPhone ?? '' } : {}),
              Message: `Please e-mail me the ${label} market report every month.`,
            }}
            submitLabel="Subscribe monthly"
            send={(payload: InquiryPayload) => sendInquiry(payload).then(() => subscribeMonthly(path))}
            onSent={() => setSent(true)}
            onEmailInUse={(email) =>
              requestSignIn({ tab: 'signin', dismissable: true, email, notice: 'An account already uses this email. Sign in to subscribe.' })
            }
          />
        )
      )}
    </section>
  );
}
