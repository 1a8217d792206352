import { parseEmail } from './email';

/**
 * The inquiry form's validation, in the order of the product description (section 5), with its
 * exact messages. Shared by the server and the browser: no Node or Nest imports here.
 */
export const INQUIRY_MESSAGES = {
  terms: 'Please accept the terms and conditions',
  name: 'Please enter your name',
  fullName: 'Please enter your full name',
  validName: 'Please enter a valid name',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
  street: 'Please enter a street address',
  city: 'Please enter a city',
  zip: 'Please enter a zip code',
} as const;

/** The input each message is about, so a form can show it beside that input and focus it. */
export const INQUIRY_MESSAGE_FIELD: Readonly<Record<string, 'AcceptTerms' | 'FullName' | 'Email' | 'Phone' | 'Street' | 'City' | 'Zip'>> = {
  [INQUIRY_MESSAGES.terms]: 'AcceptTerms',
  [INQUIRY_MESSAGES.name]: 'FullName',
  [INQUIRY_MESSAGES.fullName]: 'FullName',
  [INQUIRY_MESSAGES.validName]: 'FullName',
  [INQUIRY_MESSAGES.email]: 'Email',
  [INQUIRY_MESSAGES.phone]: 'Phone',
  [INQUIRY_MESSAGES.street]: 'Street',
  [INQUIRY_MESSAGES.city]: 'City',
  [INQUIRY_MESSAGES.zip]: 'Zip',
};

export type InquiryFields = {
  /** Present only when the form has a terms checkbox. */
  readonly AcceptTerms?: boolean;
  readonly FullName?: string;
  readonly Email?: string;
  readonly Phone?: string;
  /** Present only when the form has these inputs. */
  readonly Street?: string;
  readonly City?: string;
  readonly Zip?: string;
};

export const MIN_INQUIRY_PHONE_LENGTH = 10;

/** Words of a name: split on white space, after trimming. */
export const nameWords = (fullName: string): string[] => fullName.trim().split(/\s+/).filter(Boolean);

/** The first failing message, or null when the inquiry may be sent. */
export function validateInquiry(f: InquiryFields, opts: { readonly allowPartialName: boolean }): string | null {
  if (f.AcceptTerms !== undefined && f.AcceptTerms !== true) return INQUIRY_MESSAGES.terms;
  const name = (f.FullName ?? '').trim();
  if (!name) return INQUIRY_MESSAGES.name;
  const words = nameWords(name);
  if (words.length < 2 && !opts.allowPartialName) return INQUIRY_MESSAGES.fullName;
  if (words.some((w) => w.replace(/[^\p{L}]/gu, '').length === 0)) return INQUIRY_MESSAGES.validName;
  if (parseEmail(f.Email ?? '') === null) return INQUIRY_MESSAGES.email;
  if ((f.Phone ?? '').trim().length < MIN_INQUIRY_PHONE_LENGTH) return INQUIRY_MESSAGES.phone;
  if (f.Street !== undefined && !f.Street.trim()) return INQUIRY_MESSAGES.street;
  if (f.City !== undefined && !f.City.trim()) return INQUIRY_MESSAGES.city;
  if (f.Zip !== undefined && !f.Zip.trim()) return INQUIRY_MESSAGES.zip;
  return null;
}

/** Checks of the optional detail fields (spec section 3), after the form's own; each names the input it is about. */
export const INQUIRY_DETAIL_MESSAGES = {
  ReferralEmail: 'Please enter a valid email for your friend',
} as const;

/** The first failing detail with its input, or null. */
export function validateInquiryDetails(f: {
  readonly ReferralEmail?: string;
}): { readonly field: keyof typeof INQUIRY_DETAIL_MESSAGES; readonly text: string } | null {
  if (f.ReferralEmail?.trim() && parseEmail(f.ReferralEmail) === null) return { field: 'ReferralEmail', text: INQUIRY_DETAIL_MESSAGES.ReferralEmail };
  return null;
}
