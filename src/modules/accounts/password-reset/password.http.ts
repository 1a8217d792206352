import { createHash, randomBytes } from 'node:crypto';
import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import type { RateLimit } from '../../../http/rate-limiter';
import { validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { Mailer } from '../../messaging';
import { type ResolvedSite, siteBaseUrl } from '../../sites';
import { userStream } from '../account';
import { userIdByEmail } from '../claims';
import { parseEmail } from '../../../contract/email';
import { AddressLimiter } from '../address-limiter';
import { loadAccount } from '../load-account';
import { hashPassword, passwordProblem } from '../passwords';
import { CurrentPasswordCheck } from '../sign-in/current-password';
import { commandContextOf } from '../../../commands/request-context';
import { refuseWhileImpersonating, requireAuth, WHILE_IMPERSONATING } from '../sessions/request-auth';
import { SessionStore } from '../sessions/session.store';
import { SignInService } from '../sign-in/sign-in.service';
import { INVALID_RESET, RESET_VALID_MINUTES } from './password-reset.decide';
import { ChangePasswordCommand } from './password-reset.command';
import { RequestResetCommand } from './password-reset.command';

const log = logger('accounts');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const FORGOT_ANSWER = 'If an account uses this address, we have sent it a link to choose a new password.';

/**
 * Reset requests from one client address, whatever the address asked for (so the limit tells
 * nothing about which accounts exist). Each account also gets at most RESETS_PER_HOUR links.
 */
export const FORGOT_LIMIT: RateLimit = {
  name: 'forgot-password',
  limit: 10,
  windowSeconds: 3600,
  message: 'Too many password reset requests from your address. Please try again in an hour.',
};

@Controller()
export class PasswordController {
  /** Reset mails being prepared after the answer went out (awaited on shutdown and by tests). */
  readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
    @Inject(CurrentPasswordCheck) private readonly currentPassword: CurrentPasswordCheck,
  ) {}

  /**
   * The same answer, at the same speed, whether or not an account has the address: the work
   * for a real account happens after the answer is sent.
   */
  @Route(contract.account.forgotPassword)
  async forgot(@Body() input: BodyOf<typeof contract.account.forgotPassword>, @Req() req: Request) {
    refuseWhileImpersonating(req, WHILE_IMPERSONATING.password);
    await this.limiter.enforce(FORGOT_LIMIT, req);
    const email = parseEmail(input.Email);
    if (!email) throw validation('Please enter a valid email');
    const ctx = commandContextOf(req, null);
    const site = req.site;
    const job = this.sendResetLink(email, ctx, site).catch((err: Error) => log.error('password reset mail failed', { name: err.name }));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    return { isSuccess: true as const, message: FORGOT_ANSWER };
  }

  private async sendResetLink(email: string, ctx: ReturnType<typeof commandContextOf>, site: ResolvedSite | undefined): Promise<void> {
    const userId = await userIdByEmail(this.store, email);
    if (!userId) return;
    const secret = randomBytes(32).toString('base64url');
    const result = await this.commands.execute(
      new RequestResetCommand(userStream(userId), { userId, tokenHash: sha256(secret), now: ctx.now }, { ...ctx, actorId: userId }),
    );
    if (!result.append) return;
    const base = site ? siteBaseUrl(site, this.config.publicUrl) : this.config.publicUrl;
    const link = `${base}/account/forgotpassword?token=${encodeURIComponent(`${userId}.${secret}`)}`;
    await this.mailer.send({
      to: email,
      requested: true,
      subject: 'Choose a new password',
      text:
        `Someone (hopefully you) asked to reset the password of your account.\n\n` +
        `Choose a new password here (the link works once, for ${RESET_VALID_MINUTES} minutes):\n${link}\n\n` +
        `If you did not ask for this, ignore this message; your password stays as it is.\n`,
    });
  }

  /** Sets the password from a one-time link; every session of the account ends. */
  @Route(contract.account.resetPassword)
  async reset(@Body() input: BodyOf<typeof contract.account.resetPassword>, @Req() req: Request) {
    refuseWhileImpersonating(req, WHILE_IMPERSONATING.password);
    const [userId, secret] = input.token.split('.');
    if (!userId || !secret || !UUID.test(userId)) throw validation(INVALID_RESET);
    const problem = passwordProblem(input.password);
    if (problem) throw validation(problem);
    const passwordHash = await hashPassword(input.password);
    await this.commands.execute(
      new ChangePasswordCommand(
        userStream(userId),
        { how: 'reset', userId, tokenHash: sha256(secret), passwordHash, now: new Date() },
        commandContextOf(req, userId),
      ),
    );
    await this.sessions.endAllFor(userId);
    return { isSuccess: true as const };
  }

  /** A signed-in password change: every session ends, and this browser gets a new one. */
  @Route(contract.account.changePassword)
  async change(@Body() input: BodyOf<typeof contract.account.changePassword>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const auth = requireAuth(req);
    refuseWhileImpersonating(req, WHILE_IMPERSONATING.password);
    const problem = passwordProblem(input.NewPassword);
    if (problem) throw validation(problem);
    const { account } = await loadAccount(this.store, auth.userId);
    if (
      !account.exists ||
      !account.passwordHash ||
      !(await this.currentPassword.matches(req, { email: account.email, passwordHash: account.passwordHash }, input.CurrentPassword))
    ) {
      throw validation('Your current password is not correct');
    }
    const passwordHash = await hashPassword(input.NewPassword);
    await this.commands.execute(
      new ChangePasswordCommand(
        userStream(auth.userId),
        { how: 'change', userId: auth.userId, verifiedHash: account.passwordHash, passwordHash },
        commandContextOf(req),
      ),
    );
    await this.sessions.endAllFor(auth.userId);
    await this.signIns.openSession(req, res, account);
    return { isSuccess: true as const };
  }
}
