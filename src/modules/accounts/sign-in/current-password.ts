import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { parseEmail } from '../../../contract/email';
import { AppError } from '../../../shared/errors';
import { verifyPassword } from '../passwords';
import { LoginThrottle } from './login-throttle';

export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords. Please try again in 15 minutes.';

/**
 * The current password a signed-in person re-enters (a password change, an erasure) is a
 * sign-in in all but name: a stolen session could otherwise guess it without limit. It is
 * counted with the account's sign-ins, before it is checked (LoginThrottle), so at most 10
 * guesses per account in 15 minutes are ever checked, wherever they were made; then 429.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(@Inject(LoginThrottle) private readonly throttle: LoginThrottle) {}

  async matches(req: Request, account: { readonly email: string; readonly passwordHash: string }, password: string): Promise<boolean> {
    let attempt: Awaited<ReturnType<LoginThrottle['begin']>>;
    try {
      attempt = await this.throttle.begin(parseEmail(account.email) ?? account.email, req.ip ?? 'unknown');
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') throw new AppError('rate_limited', TOO_MANY_WRONG_PASSWORDS);
      throw err;
    }
    const ok = await verifyPassword(account.passwordHash, password);
    await (ok ? this.throttle.succeeded(attempt) : this.throttle.failed(attempt));
    return ok;
  }
}
