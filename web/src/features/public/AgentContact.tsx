import { useState } from 'react';
import { useCurrentUser } from '../../app/currentUser';
import { useSite } from '../../app/useSite';
import formStyles from '../../ui/forms.module.css';
import { requestSignIn } from '../sign-in';
import { InquiryForm } from '../forms';
import { useT } from '../../ui/translations';

/**
 * The contact form of an agent's page: an inquiry (POST /api/account/inquiry) with the page's
 * key, so a new lead goes to this agent; checked in the spec's order, the server's messages in
 * place, a thank-you instead of the form once sent.
 */
export function AgentContact({ agentKey, name }: { agentKey: string; name: string }) {
  const { ready, user } = useCurrentUser();
  const { site } = useSite();
  const t = useT();
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <div className={formStyles.success} role="status" data-testid="inquiry-sent">
        <strong>{t('inquiry.listing.thanks', 'Thank you!')}</strong>{' '}
        {t('inquiry.agent.sent', '{name} received your message and will be in touch shortly.', { name })}
      </div>
    );
  if (!ready) return null;
  return (
    <InquiryForm
      key={user?.userDID ?? 'visitor'}
      leadType="Inquiry"
      agentKey={agentKey}
      withMessage
      details="none"
      allowPartialName={site?.settings['Registration_AllowPartialName'] === true}
      initial={user ? { FullName: [user.firstName, user.lastName].filter(Boolean).join(' '), Email: user.email, Phone: user.cellPhone ?? '' } : {}}
      submitLabel={t('inquiry.agent.submit', 'Send to {name}', { name })}
      onSent={() => setSent(true)}
      onEmailInUse={(email) =>
        requestSignIn({
          tab: 'signin',
          dismissable: true,
          email,
          notice: t('inquiry.emailInUse', 'An account already uses this email. Sign in to send your message.'),
        })
      }
    />
  );
}
