import { TEXT_LEAD_EMAIL_DOMAIN } from '../../../contract/thread';

/**
 * A phone as the lead intake keys a person by: a North American number as its 10 digits (what
 * the CRM keeps and texts), any other number written with its country code as `+` and its
 * digits; null for what cannot be a number (too short or long, an area code beginning 0 or 1).
 */
export function intakePhone(raw: string): string | null {
  const text = raw.trim();
  const d = text.replace(/\D/g, '');
  const international = text.startsWith('+') || text.startsWith('00');
  const national = international ? (text.startsWith('00') ? d.slice(2) : d) : d;
  if (!international || national.startsWith('1')) {
    const ten = national.length === 11 && national.startsWith('1') ? national.slice(1) : national;
    return /^[2-9]\d{9}$/.test(ten) ? ten : null;
  }
  return /^[2-9]\d{7,14}$/.test(national) ? `+${national}` : null;
}

/**
 * The account address of a person known only by their phone: the same placeholder a first text
 * from that number gets (a domain no mail reaches), so a phone-only lead and a text from the
 * number are one person, and a retry finds the account it made.
 */
export const phoneOnlyEmail = (phone: string) => `text-${phone.replace(/^\+/, '')}@${TEXT_LEAD_EMAIL_DOMAIN}`;
