import type { StoredEvent } from '../../../shared/event';
import { type AccountEvent, type ExistingAccount, evolveAccount, initialAccount, LEVEL } from '../../accounts';

/**
 * How long an alert link may sign its lead in: a day (the link itself still leads to the listing,
 * and records the opening, for longer). Each link signs in once (AlertLinkSignedIn).
 */
export const ALERT_LINK_SIGN_IN_HOURS = 24;

/**
 * The account an alert link may sign in, given its stream and when the link was issued: a lead's
 * only (an agent's or staff member's account is not opened by a link in a marketing e-mail), not
 * one the back-office locked or offboarded, and not with a link issued before the account's last
 * password change (a new password shuts the doors that old e-mails held open), nor one issued
 * more than ALERT_LINK_SIGN_IN_HOURS ago.
 */
export function accountALinkMaySignIn(events: readonly StoredEvent[], issuedAt: Date, now: Date): ExistingAccount | null {
  if (now.getTime() - issuedAt.getTime() > ALERT_LINK_SIGN_IN_HOURS * 3_600_000) return null;
  const account = events.reduce((s, e) => evolveAccount(s, e as unknown as AccountEvent), initialAccount());
  if (!account.exists || account.securityLevel !== LEVEL.lead || account.signInBlockedBy.length > 0) return null;
  const changed = events.findLast((e) => e.type === 'PasswordChanged');
  if (changed && Date.parse(changed.metadata.at) >= issuedAt.getTime()) return null;
  return account;
}
