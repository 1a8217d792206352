import type { Decider } from '../../../commands/decider';
import { conflict, validation } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import { type AccountEvent, CONSENT_CHANNELS, type SecurityLevel, type SocialProvider, type UserRegistered } from '../accounts.events';
import { parseEmail } from '../../../contract/email';

export type RegisterUser = {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly securityLevel: SecurityLevel;
  readonly siteId: string | null;
  readonly officeId?: string | null;
  readonly cellPhone?: string | null;
  readonly isImport?: boolean;
  readonly via?: UserRegistered['data']['via'];
  /** Already hashed by the handler (argon2id): decide stays pure and fast. */
  readonly passwordHash?: string;
  /** A verified identity at a social provider, linked at once. */
  readonly social?: { readonly provider: SocialProvider; readonly subject: string };
  /** Where the registration happened, in words, for the consent ledger. */
  readonly from: string;
  /** The instant of the command (ISO), for the consent ledger. */
  readonly at: string;
};

/**
 * A new account: its profile, its password if any, the consent it starts with (recorded in the
 * ledger like every later change) and its social identity if any. Uniqueness of the address
 * and the social subject is enforced by the claim streams appended with it (registration.ts).
 */
export function decideRegisterUser(command: RegisterUser, state: Account): AccountEvent[] {
  if (state.exists) throw conflict('This account already exists');
  const email = parseEmail(command.email);
  if (!email) throw validation('Please enter a valid email');
  const { userId } = command;
  const events: AccountEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId,
        email,
        firstName: command.firstName.trim(),
        lastName: command.lastName.trim(),
        securityLevel: command.securityLevel,
        siteId: command.siteId,
        officeId: command.officeId ?? null,
        cellPhone: command.cellPhone ?? null,
        isImport: command.isImport ?? false,
        via: command.via ?? 'seed',
      },
    },
  ];
  if (command.passwordHash) events.push({ type: 'PasswordSet', data: { userId, passwordHash: command.passwordHash } });
  if (command.social) events.push({ type: 'SocialIdentityLinked', data: { userId, ...command.social } });
  // Imported contacts start unsubscribed from texts until they opt in (the import opt-in modal).
  for (const channel of CONSENT_CHANNELS) {
    const granted = !(command.isImport && channel === 'text');
    events.push({ type: 'ConsentChanged', data: { userId, channel, granted, how: 'registration', from: command.from, at: command.at } });
  }
  return events;
}

export const registerUserDecider: Decider<Account, RegisterUser, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideRegisterUser,
};
