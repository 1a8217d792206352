import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
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
import { parseBody } from '../../../http/parse-body';
import { LoginThrottle } from './login-throttle';
import { SignInService } from './sign-in.service';
import { SignOutCommand } from './sign-in.command';

const LoginBody = z.strictObject({
  Email: z.string().max(320),
  password: z.string().max(1024),
  Timezone: z.union([z.number(), z.string().max(16)]).optional(),
  TimezoneName: z.string().max(64).optional(),
});

const timezoneOffset = (v: number | string | undefined): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 24 * 60 ? n : null;
};

@Controller('api/account')
export class LoginController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  /** Contract section 2: e-mail and password; staff sign in here too (the admin page is UI). */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const input = parseBody(LoginBody, body);
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
      return { isSuccess: false, message: 'Invalid Login' };
    }
    await this.throttle.succeeded(attempt);
    await this.signIns.signIn(req, res, account, 'password', {
      timezone: timezoneOffset(input.Timezone),
      timezoneName: input.TimezoneName?.trim() || null,
    });
    return { isSuccess: true, userInfo: { securityLevel: account.securityLevel, dashboardUrl: dashboardUrlFor(account.securityLevel) } };
  }

  /** Ends every session of the user (contract section 7) and their sockets. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    parseBody(z.strictObject({}), body ?? {});
    const auth = req.auth;
    clearSessionCookie(req, res);
    if (!auth) return { isSuccess: true };
    await this.commands.execute(new SignOutCommand(userStream(auth.userId), { userId: auth.userId }, commandContextOf(req)));
    await this.sessions.endAllFor(auth.userId);
    return { isSuccess: true };
  }
}
