import type { Decider } from '../../../commands/decider';
import { conflict, validation } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount } from '../account';
import type { AccountEvent, SecurityLevel } from '../accounts.events';
import { isValidEmail, normalizeEmail } from '../email';

export type RegisterUser = {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly securityLevel: SecurityLevel;
  readonly siteId: string | null;
  readonly brokerId?: string | null;
  readonly cellPhone?: string | null;
  /** Already hashed by the handler (argon2id): decide stays pure and fast. */
  readonly passwordHash?: string;
};

export function decideRegisterUser(command: RegisterUser, state: Account): AccountEvent[] {
  if (state.exists) throw conflict('Email already in use');
  const email = normalizeEmail(command.email);
  if (!isValidEmail(email)) throw validation('Please enter a valid email');
  const events: AccountEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email,
        firstName: command.firstName.trim(),
        lastName: command.lastName.trim(),
        securityLevel: command.securityLevel,
        siteId: command.siteId,
        brokerId: command.brokerId ?? null,
        cellPhone: command.cellPhone ?? null,
      },
    },
  ];
  if (command.passwordHash) events.push({ type: 'PasswordSet', data: { userId: command.userId, passwordHash: command.passwordHash } });
  return events;
}

export const registerUserDecider: Decider<Account, RegisterUser, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: decideRegisterUser,
};
