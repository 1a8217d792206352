import { useState } from 'react';
import { useCurrentUser } from '../../app/currentUser';
import { useSite } from '../../app/useSite';
import formStyles from '../../ui/forms.module.css';
import { Translatable } from '../../ui/Translatable';
import { useLabel } from '../../ui/translations';
import { requestSignIn } from '../account/signInRequest';
import { InquiryForm, type InquiryFormProps } from '../leads/InquiryForm';
import { LenderLink } from './LenderLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** The public pages that are one form of spec section 3 each, by path. */
export const INQUIRY_PAGES = {
  '/sell': {
    title: { id: 'forms.sell.title', en: 'What’s my home worth?' },
    intro: { id: 'forms.sell.intro', en: 'Tell us about your home and a local agent will send you a free, no-obligation market analysis.' },
    submit: { id: 'forms.sell.submit', en: 'Get my home value' },
    form: { leadType: 'Seller', details: 'seller', withMessage: true },
    lender: true,
  },
  '/contact': {
    title: { id: 'forms.contact.title', en: 'Contact us' },
    intro: { id: 'forms.contact.intro', en: 'Send us a message, and tell us what you are looking for so we can send you the right homes.' },
    submit: { id: 'forms.contact.submit', en: 'Send message' },
    form: { leadType: 'Buyer', details: 'buyer', withMessage: true, buyerOpen: true },
    lender: true,
  },
  '/refer': {
    title: { id: 'forms.refer.title', en: 'Refer a friend' },
    intro: { id: 'forms.refer.intro', en: 'Know someone buying or selling? Introduce them and we will take good care of them.' },
    submit: { id: 'forms.refer.submit', en: 'Send referral' },
    form: { leadType: 'Referral', details: 'referral', withMessage: true },
    lender: false,
  },
  '/careers': {
    title: { id: 'forms.careers.title', en: 'Join our team' },
    intro: { id: 'forms.careers.intro', en: 'We are always glad to meet agents. Send us your resume and a few words about yourself.' },
    submit: { id: 'forms.careers.submit', en: 'Send application' },
    form: { leadType: 'Resume', details: 'none', withMessage: true, withResume: true },
    lender: false,
  },
} as const satisfies Record<string, { title: Label; intro: Label; submit: Label; form: Partial<InquiryFormProps> & { leadType: string }; lender: boolean }>;
type Label = { readonly id: string; readonly en: string };
export type InquiryPath = keyof typeof INQUIRY_PAGES;

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
  const title = useLabel(page.title.id, page.title.en);
  const submit = useLabel(page.submit.id, page.submit.en);
  useDocumentTitle(title);
  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      <p>
        <Translatable id={page.intro.id}>{page.intro.en}</Translatable>
      </p>
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
            key={user?.userDID ?? 'visitor'}
            {...page.form}
            signedIn={user !== null}
            allowPartialName={site?.settings['Registration_AllowPartialName'] === true}
            initial={user ? { FullName: [user.firstName, user.lastName].filter(Boolean).join(' '), Email: user.email, Phone: user.cellPhone ?? '' } : {}}
            submitLabel={submit}
            onSent={() => setSent(true)}
            onEmailInUse={(email) => requestSignIn({ tab: 'signin', dismissable: true, email, notice: 'An account already uses this email. Sign in to send your message.' })}
          />
        )
      )}
    </main>
  );
}
