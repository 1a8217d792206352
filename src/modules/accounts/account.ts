import { assertNever } from '../../shared/errors';
import type { AccountEvent, ConsentChannel, SignInBlockCause, SocialProvider, UserRegistered } from './accounts.events';

export type PendingReset = { readonly tokenHash: string; readonly requestedAt: string; readonly expiresAt: string };

export type ExistingAccount = Omit<UserRegistered['data'], 'isImport' | 'via'> & {
  readonly exists: true;
  readonly photoLocation: string | null;
  readonly passwordHash: string | null;
  readonly isImport: boolean;
  readonly importOptedIn: boolean;
  /** true: the user may be contacted on the channel. */
  readonly consent: Readonly<Record<ConsentChannel, boolean>>;
  readonly loginCount: number;
  /** Reset requests not yet used; a password change voids them all. */
  readonly resets: readonly PendingReset[];
  readonly socials: readonly { readonly provider: SocialProvider; readonly subject: string }[];
  /**
   * The owner has proved they read mail at the account's address (or the product made the
   * account): a verification link followed, a password reset link used, a provider's verified
   * address. It lets a lead e-mail others in the site's name, and its first proof ends every
   * other session (pre-hijacking).
   */
  readonly emailVerified: boolean;
  /** While not empty, the account may not sign in (back-office lock or offboarding). */
  readonly signInBlockedBy: readonly SignInBlockCause[];
};

export type Account = { readonly exists: false } | ExistingAccount;

export const initialAccount = (): Account => ({ exists: false });

export function evolveAccount(state: Account, event: AccountEvent): Account {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      exists: true,
      userId: d.userId,
      email: d.email,
      firstName: d.firstName,
      lastName: d.lastName,
      securityLevel: d.securityLevel,
      siteId: d.siteId,
      officeId: d.officeId,
      cellPhone: d.cellPhone,
      photoLocation: null,
      passwordHash: null,
      isImport: d.isImport ?? false,
      importOptedIn: false,
      consent: { email: true, text: true, propertyAlerts: true, propertyUpdates: true },
      loginCount: 0,
      resets: [],
      socials: [],
      // Only accounts the product made itself (the seed, staff) start with an address someone proved.
      emailVerified: (d.via ?? 'seed') === 'seed',
      signInBlockedBy: [],
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'PasswordSet':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PasswordChanged':
      // A reset link is only ever mailed to the account's address.
      return { ...state, passwordHash: event.data.passwordHash, resets: [], emailVerified: state.emailVerified || event.data.how === 'reset' };
    case 'PasswordResetRequested':
      return { ...state, resets: [...state.resets, event.data] };
    case 'UserSignedIn':
      return { ...state, loginCount: state.loginCount + 1 };
    case 'UserSignedOut':
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    case 'StaffBecameUser':
    case 'StaffReturnedFromUser':
      // Who is impersonating whom lives in the session; the stream keeps the record.
      return state;
    case 'CellPhoneChanged':
      return { ...state, cellPhone: event.data.cellPhone };
    case 'PhotoChanged':
      return { ...state, photoLocation: event.data.photoLocation };
    case 'ConsentChanged':
      return { ...state, consent: { ...state.consent, [event.data.channel]: event.data.granted } };
    case 'ImportOptedIn':
      return { ...state, importOptedIn: true };
    case 'SocialIdentityLinked':
      return {
        ...state,
        socials: [...state.socials, { provider: event.data.provider, subject: event.data.subject }],
        emailVerified: state.emailVerified || event.data.emailVerified === true,
      };
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'SignInBlocked':
      return state.signInBlockedBy.includes(event.data.cause) ? state : { ...state, signInBlockedBy: [...state.signInBlockedBy, event.data.cause] };
    case 'SignInUnblocked':
      return { ...state, signInBlockedBy: state.signInBlockedBy.filter((c) => c !== event.data.cause) };
    default:
      return assertNever(event);
  }
}

export const userStream = (userId: string) => `user-${userId}`;

/** The office a user belongs to, for the realtime rooms: a broker's own, an agent's broker's. */
export const officeOf = (a: Pick<ExistingAccount, 'securityLevel' | 'userId' | 'officeId'>): string | null =>
  a.securityLevel === 15 ? a.userId : a.securityLevel === 10 ? a.officeId : null;
