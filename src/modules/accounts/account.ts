import { assertNever } from '../../shared/errors';
import type { AccountEvent, UserRegistered } from './accounts.events';

export type Account =
  | { readonly exists: false }
  | ({ readonly exists: true; readonly hasPassword: boolean } & UserRegistered['data']);

export const initialAccount = (): Account => ({ exists: false });

export function evolveAccount(state: Account, event: AccountEvent): Account {
  switch (event.type) {
    case 'UserRegistered':
      return { exists: true, hasPassword: false, ...event.data };
    case 'PasswordSet':
      return state.exists ? { ...state, hasPassword: true } : state;
    default:
      return assertNever(event);
  }
}

export const userStream = (userId: string) => `user-${userId}`;
