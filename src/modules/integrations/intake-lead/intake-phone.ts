import { TEXT_LEAD_EMAIL_DOMAIN } from '../../../contract/thread';

/**
 * The account address of a person known only by their phone (in its stored form: ten digits, or
 * E.164): the same placeholder a first text from that number gets (a domain no mail reaches), so
 * a phone-only lead and a text from the number are one person, and a retry finds the account it made.
 */
export const phoneOnlyEmail = (phone: string) => `text-${phone.replace(/^\+/, '')}@${TEXT_LEAD_EMAIL_DOMAIN}`;
