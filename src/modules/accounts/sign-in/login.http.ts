import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { userStream } from '../account';
import { userIdByEmail } from '../claims';
import { parseEmail } from '../../../contract/email';
import { loadAccount } from '../load-account';
import { verifyPassword, verifyNothing } from '../passwords';
import { dashboardUrlFor } from '../../../contract/prompt-rules';
import { clearSessionCookie } from '../sessions/cookies';
import { commandContextOf } from '../../../commands/request-context';
import { SessionStore } from '../sessions/session.store';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { LoginThrottle } from './login-throttle';
import { SignInService } from './sign-in.service';
import { SignOutCommand } from './sign-in.command';

const timezoneOffset = (v: number | string | undefined): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 24 * 60 ? n : null;
};

@Controller()
export class LoginController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  /** Contract section 2: e-mail and password; staff sign in here too (the admin page is UI). */
  @Route(contract.account.login)
  async login(@Body() input: BodyOf<typeof contract.account.login>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const email = parseEmail(input.Email);
    if (!email) throw validation('Please enter a valid email');
    const ip = req.ip ?? 'unknown';
    // Counted before the password is checked, so that parallel guesses cannot overtake the limit.
    const attempt = await this.throttle.begin(email, ip);

    const userId = await userIdByEmail(this.store, email);
    const account = userId ? (await loadAccount(this.store, userId)).account : undefined;
    // An unknown address costs the same argon2 work as a known one.
    const ok = account?.exists && account.passwordHash ? await verifyPassword(account.passwordHash, input.password) : await verifyNothing(input.password);
    if (!ok || !account?.exists) {
      await this.throttle.failed(attempt);
      return { isSuccess: false as const, message: 'Invalid Login' };
    }
    await this.throttle.succeeded(attempt);
    await this.signIns.signIn(req, res, account, 'password', {
      timezone: timezoneOffset(input.Timezone),
      timezoneName: input.TimezoneName?.trim() || null,
    });
    return { isSuccess: true as const, userInfo: { securityLevel: account.securityLevel, dashboardUrl: dashboardUrlFor(account.securityLevel) } };
  }

  /** Ends every session of the user (contract section 7) and their sockets. */
  @Route(contract.account.logout)
  async logout(@Body() _empty: BodyOf<typeof contract.account.logout>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const auth = req.auth;
    clearSessionCookie(req, res);
    if (!auth) return { isSuccess: true as const };
    await this.commands.execute(new SignOutCommand(userStream(auth.userId), { userId: auth.userId }, commandContextOf(req)));
    await this.sessions.endAllFor(auth.userId);
    return { isSuccess: true as const };
  }
}
