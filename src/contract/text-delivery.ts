/**
 * What became of an outbound text (contract section 13), shared by the server and the web app:
 * its delivery states, how far each is along, and the carriers' common error codes in words.
 * No Node or Nest imports: the web app imports this file too.
 */

export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** How far along a state is: a report only ever moves a text further (callbacks may come out of order). */
export const DELIVERY_RANK: Record<DeliveryState, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 };

export const DELIVERY_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
};

/** The error codes carriers and Twilio report most, in words an agent can act on. */
export const TEXT_ERROR_WORDS: Readonly<Record<number, string>> = {
  21211: 'The number is not a valid phone number.',
  21408: 'Texts to this region are not enabled for the sending account.',
  21610: 'The lead replied STOP to this number, so the carrier blocks texts to them.',
  21614: 'The number is not a mobile number and cannot receive texts.',
  30001: 'The texting queue was full; the text was not sent.',
  30002: 'The sending account is suspended.',
  30003: 'The phone is unreachable (switched off or out of coverage).',
  30004: 'The recipient blocks texts from this number.',
  30005: 'The number is unknown or no longer in service.',
  30006: 'The number is a landline or cannot receive texts.',
  30007: 'The carrier filtered the text as spam.',
  30008: 'The carrier could not deliver the text and gave no reason.',
  30032: 'The sending number is not verified for texting.',
  30034: 'The sending number is not registered for business texting (A2P 10DLC).',
};

/** The error of a text in words (null: no error). */
export function deliveryErrorWords(code: number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  return TEXT_ERROR_WORDS[code] ?? `The carrier refused the text (error ${code}).`;
}

/** Codes that say the number itself cannot take texts: automated texts to it stop. */
export const UNREACHABLE_CODES: ReadonlySet<number> = new Set([30005, 30006, 21614]);
