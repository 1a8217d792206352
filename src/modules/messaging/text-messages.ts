export { MEDIA_URL } from '../../contract/thread';

/** The CRM setting MMSBulkSendCap (spec sections 3 and 5) and its alert, word for word. */
export const mmsCapMessage = (cap: number): string => `Max allowed recipients of MMS (video) messages is ${cap}.`;

/** Texts (and video texts) go to at most MMSBulkSendCap selected leads at once. */
export const overMmsCap = (recipients: number, cap: number): boolean => recipients > cap;

export type SkipReason = 'not-found' | 'no-consent' | 'no-cell-phone';

/**
 * Consent first: a lead is texted only if the ledger (ConsentChanged on the user's stream) says
 * texts are allowed and the account has a valid 10-digit cell phone.
 */
export function textEligibility(account: {
  readonly exists: boolean;
  readonly consent?: { readonly text: boolean };
  readonly cellPhone?: string | null;
}): SkipReason | null {
  if (!account.exists) return 'not-found';
  if (!account.consent?.text) return 'no-consent';
  if (!account.cellPhone || !/^\d{10}$/.test(account.cellPhone)) return 'no-cell-phone';
  return null;
}

/**
 * What a HELP reply answers (carriers require it: who is texting, how to stop, that rates apply)
 * and what a START reply confirms. `site`: the name of the site the number serves.
 */
export const helpReply = (site: string): string =>
  `${site}: texts from your real estate agent. Reply to reach your agent. Reply STOP to stop texts, START to get them again. Msg & data rates may apply.`;
export const startReply = (site: string): string => `${site}: you will get texts from your agent again. Reply STOP to stop, HELP for help.`;

/** A TwiML answer: nothing to send back, or one message. */
export function twiml(message: string | null): string {
  const escaped = message?.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ''}</Response>`;
}
