export type { AccountEvent, PasswordSet, SecurityLevel, UserRegistered } from './accounts.events';
export { accountEventTypes, LEVEL } from './accounts.events';
export { isValidEmail, normalizeEmail } from './email';
export { RegisterUserCommand, RegisterUserHandler } from './register-user/register-user.handler';
