import type { StoredEvent } from '../../../shared/event';
import { type AccountEvent, evolveAccount, initialAccount } from '../../accounts';
import { type AccountAdmin, evolveAccountAdmin, initialAccountAdmin } from '../account-admin';
import type { BackofficeEvent } from '../backoffice.events';
import { redact } from './redact';

/**
 * The account as it was right after the event at `position` (inclusive): its own stream folded
 * with the accounts context's evolve, its back-office stream with the back-office's. Secrets
 * (the password hash, reset tokens) are redacted. Without a position: as it is now.
 */
export function stateAsOf(accountEvents: readonly StoredEvent[], adminEvents: readonly StoredEvent[], position: bigint | null) {
  const upTo = (e: StoredEvent) => position === null || e.globalPosition <= position;
  const account = accountEvents.filter(upTo).reduce((s, e) => evolveAccount(s, e as unknown as AccountEvent), initialAccount());
  const admin: AccountAdmin = adminEvents.filter(upTo).reduce((s, e) => evolveAccountAdmin(s, e as unknown as BackofficeEvent), initialAccountAdmin());
  return { account: redact(account), admin };
}
