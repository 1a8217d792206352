import type { Decider } from '../../../commands/decider';
import { unauthorized } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, ConsentChannel, ConsentHow } from '../accounts.events';

export type ConsentSource = { readonly how: ConsentHow; readonly from: string; readonly at: string };

export type UpdateAccount = {
  readonly userId: string;
  /** Digits, already checked against the cell phone rule; undefined leaves it. */
  readonly cellPhone?: string;
  /** An uploaded photo's address, null to remove it; undefined leaves it. */
  readonly photoLocation?: string | null;
  /** true: may contact on the channel. Only the channels named change. */
  readonly consent: Partial<Record<ConsentChannel, boolean>>;
  readonly importOptIn?: boolean;
  readonly source: ConsentSource;
};

/** Only what changes becomes an event; every consent change is one ConsentChanged (the ledger). */
export function decideUpdateAccount(c: UpdateAccount, state: Account): AccountEvent[] {
  if (!state.exists) throw unauthorized();
  const { userId } = c;
  const events: AccountEvent[] = [];
  if (c.cellPhone !== undefined && c.cellPhone !== state.cellPhone) events.push({ type: 'CellPhoneChanged', data: { userId, cellPhone: c.cellPhone } });
  if (c.photoLocation !== undefined && c.photoLocation !== state.photoLocation) {
    events.push({ type: 'PhotoChanged', data: { userId, photoLocation: c.photoLocation } });
  }
  if (c.importOptIn && !state.importOptedIn) events.push({ type: 'ImportOptedIn', data: { userId } });
  for (const [channel, granted] of Object.entries(c.consent) as [ConsentChannel, boolean | undefined][]) {
    if (granted === undefined || state.consent[channel] === granted) continue;
    events.push({ type: 'ConsentChanged', data: { userId, channel, granted, ...c.source } });
  }
  return events;
}

export const updateAccountDecider: Decider<Account, UpdateAccount, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideUpdateAccount,
};
