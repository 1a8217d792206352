import { compensationWords, dayWords, TYPE_MEANING, TYPE_WORDS } from '../../contract/agreements';
import type { Agreement } from './buyer-agreements';

/** The terms in plain words: the e-mail and the signing page say the same. */
export function termsInWords(a: Pick<Agreement, 'agreementType' | 'compensation' | 'startsOn' | 'endsOn'>) {
  return {
    typeWords: TYPE_WORDS[a.agreementType],
    meaning: TYPE_MEANING[a.agreementType],
    compensation: compensationWords(a.compensation),
    term: `From ${dayWords(a.startsOn)} to ${dayWords(a.endsOn)}`,
  };
}

/** The e-mail asking the lead to sign: the terms and the one-use link (plain text: the lead e-mail renders it). */
export function signingMail(a: Agreement, input: { readonly leadName: string; readonly officeName: string; readonly link: string }) {
  const t = termsInWords(a);
  const first = input.leadName.split(' ')[0] || 'there';
  return {
    subject: `Please review and sign your buyer agreement with ${input.officeName}`,
    body: [
      `Hi ${first},`,
      '',
      `Before we tour homes together, the law asks us to put our agreement in writing. Here are its terms:`,
      '',
      `${t.typeWords}. ${t.meaning}`,
      `Compensation: ${t.compensation}.`,
      `${t.term}.`,
      '',
      `Read it and sign it here (the link works once): ${input.link}`,
    ].join('\n'),
  };
}
