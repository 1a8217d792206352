/** The CRM setting MMSBulkSendCap (spec sections 3 and 5) and its alert, word for word. */
export const mmsCapMessage = (cap: number): string => `Max allowed recipients of MMS (video) messages is ${cap}.`;

/** Texts (and video texts) go to at most MMSBulkSendCap selected leads at once. */
export const overMmsCap = (recipients: number, cap: number): boolean => recipients > cap;

export type SkipReason = 'not-found' | 'no-consent' | 'no-cell-phone';

/**
 * Consent first: a lead is texted only if the ledger (ConsentChanged on the user's stream) says
 * texts are allowed and the account has a valid 10-digit cell phone.
 */
export function textEligibility(account: { readonly exists: boolean; readonly consent?: { readonly text: boolean }; readonly cellPhone?: string | null }): SkipReason | null {
  if (!account.exists) return 'not-found';
  if (!account.consent?.text) return 'no-consent';
  if (!account.cellPhone || !/^\d{10}$/.test(account.cellPhone)) return 'no-cell-phone';
  return null;
}
