export type {
  AccountEvent,
  ClaimEvent,
  ConsentChannel,
  ConsentChanged,
  PasswordSet,
  SecurityLevel,
  SignInMethod,
  UserRegistered,
} from './accounts.events';
export type { ImpersonationStarted, StaffBecameUser } from './accounts.events';
export { accountEventTypes, claimEventTypes, CONSENT_CHANNELS, LEVEL } from './accounts.events';
export { type Account, evolveAccount, type ExistingAccount, initialAccount, officeOf, userStream } from './account';
export { isValidEmail, normalizeEmail, parseEmail } from '../../contract/email';
export { formatPhone, isValidCellPhone, normalizeCellPhone, CELL_PHONE_MESSAGE } from '../../contract/phone';
export { userIdByEmail, userIdsByEmail } from './claims';
export { loadAccount } from './load-account';
export { RegisterUserCommand, RegisterUserHandler } from './register-user/register-user.handler';
export type { RegisterUser } from './register-user/register-user.decide';
export { appendAtomically, registrationAppends, toNewEvents } from './register-user/registration';
export { UpdateAccountCommand } from './update-account/update-account.command';
export { AccountsModule } from './accounts.module';
export { SessionStore, type Session } from './sessions/session.store';
export { SessionEvents } from './sessions/session-events';
export { SESSION_COOKIE, parseCookies, cookiesOf, setClientCookie } from './sessions/cookies';
export { isSameHost, requestOrigin } from './sessions/origin-check';
export { refuseWhileImpersonating, requireAuth, requireLevel, WHILE_IMPERSONATING } from './sessions/request-auth';
export { StaffGuard } from './sessions/staff.guard';
export { Impersonation, END_FAILED } from './impersonation/impersonation.service';
export { BECOME_MESSAGES, IMPERSONATION_MINUTES } from './impersonation/become.decide';
export { SignInService } from './sign-in/sign-in.service';
export { CurrentPasswordCheck } from './sign-in/current-password';
export { type ChangeSignInAccess, decideSignInAccess, signedIn } from './sign-in/sign-in.decide';
export { SignUpHooks, type NewSignUp } from './sign-up-hooks';
export { CommunicationLinks, type UnsubscribeLinks } from './communication/communication-links';
export { SecretKey } from './secret-key';
export { AddressLimiter } from './address-limiter';
export { signEmailVerificationToken } from './verify-email/email-verification-token';
export { passwordProblem, verifyPassword } from './passwords';
export { updateAccountDecider } from './update-account/update-account.decide';
export { type ConsentSource, decideUpdateAccount } from './update-account/update-account.decide';
