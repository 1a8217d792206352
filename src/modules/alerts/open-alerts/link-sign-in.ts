import type { StoredEvent } from '../../../shared/event';
import { type AccountEvent, type ExistingAccount, evolveAccount, initialAccount, LEVEL } from '../../accounts';

/**
 * The account an alert link may sign in, given its stream and when the link was issued: a lead's
 * only (an agent's or staff member's account is not opened by a link in a marketing e-mail), not
 * one the back-office locked or offboarded, and not with a link issued before the account's last
 * password change (a new password shuts the doors that old e-mails held open).
 */
export function accountALinkMaySignIn(events: readonly StoredEvent[], issuedAt: Date): ExistingAccount | null {
  const account = events.reduce((s, e) => evolveAccount(s, e as unknown as AccountEvent), initialAccount());
  if (!account.exists || account.securityLevel !== LEVEL.lead || account.signInBlockedBy.length > 0) return null;
  const changed = events.findLast((e) => e.type === 'PasswordChanged');
  if (changed && Date.parse(changed.metadata.at) >= issuedAt.getTime()) return null;
  return account;
}
