import { nameWords } from '../../contract/validate-inquiry';
import { cellDigits } from '../../contract/phone-number';
import { LEVEL, type RegisterUser } from '../accounts';

/** A person who becomes a lead, as an account: by their own inquiry or first text, or added by an agent's hand or an import. */
export type LeadAccount = {
  readonly userId: string;
  readonly email: string;
  readonly fullName: string;
  readonly phone: string | null;
  readonly siteId: string;
  readonly via: 'inquiry' | 'text' | 'manual' | 'import';
  /** Where, in words, for the consent ledger. */
  readonly from: string;
  readonly at: string;
};

/**
 * The registration of a lead's new account: a level-5 account of the site, its name split into
 * first and last, its phone its cell when it is one: ten digits however written ('(916) 555-0199',
 * '+1 916 555 0199'), so the cell-phone prompt does not ask again for what the inquiry gave. Someone an agent added (by hand or import)
 * is marked an import: they never agreed to texts, so texts start off until they opt in.
 */
export function leadRegistration(a: LeadAccount): RegisterUser {
  const words = nameWords(a.fullName);
  return {
    userId: a.userId,
    email: a.email,
    firstName: words[0]!,
    lastName: words.slice(1).join(' '),
    securityLevel: LEVEL.lead,
    siteId: a.siteId,
    cellPhone: a.phone === null ? null : cellDigits(a.phone),
    isImport: a.via === 'manual' || a.via === 'import',
    via: a.via,
    from: a.from,
    at: a.at,
  };
}
