import type { InquiryFormProps } from './InquiryForm';
import type { InquiryPath } from './inquiryPaths';

export type { InquiryPath };

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
} as const satisfies Record<
  InquiryPath,
  { title: Label; intro: Label; submit: Label; form: Partial<InquiryFormProps> & { leadType: string }; lender: boolean }
>;
type Label = { readonly id: string; readonly en: string };
