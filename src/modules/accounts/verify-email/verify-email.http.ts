import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError, unauthorized, validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { Mailer } from '../../messaging';
import { siteBaseUrl } from '../../sites';
import { userStream } from '../account';
import { loadAccount } from '../load-account';
import { SecretKey } from '../secret-key';
import { commandContextOf } from '../../../commands/request-context';
import { SessionStore } from '../sessions/session.store';
import { SignInService } from '../sign-in/sign-in.service';
import { requireAuth } from '../sessions/request-auth';
import { isValidEmailVerificationToken, signEmailVerificationToken, VERIFY_LINK_HOURS, verificationTokenUser } from './email-verification-token';
import { INVALID_VERIFY_LINK } from './verify-email.decide';
import { VerifyEmailCommand } from './verify-email.command';

const log = logger('accounts');

/** Links a user can have mailed to their own address: a retry or two, not a mail cannon. */
export const VERIFY_MAILS_PER_USER: RateLimit = {
  name: 'verify-email',
  limit: 3,
  windowSeconds: 3600,
  message: 'We have sent you 3 confirmation links in the last hour; please use one of them, or try again later.',
};
export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed. You can now share homes with friends.';

/**
 * Confirming that the account's address is the user's (contract section 7: only a verified
 * address may send e-mail to others in the site's name): a signed link mailed to the address,
 * and its use, which appends EmailVerified.
 */
@Controller()
export class VerifyEmailController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(SignInService) private readonly signIns: SignInService,
  ) {}

  /** Mails the signed-in user a link to confirm their address (at most 3 an hour). */
  @Route(contract.account.sendEmailConfirmation)
  async send(@Req() req: Request) {
    const auth = requireAuth(req);
    const { account } = await loadAccount(this.store, auth.userId);
    if (!account.exists) throw unauthorized();
    if (account.emailVerified) return { isSuccess: true as const, alreadyVerified: true, message: 'Your e-mail address is already confirmed.' };
    await this.limiter.enforce(VERIFY_MAILS_PER_USER, auth.userId);
    const token = signEmailVerificationToken(await this.secret.get(), account.userId, account.email, new Date());
    const base = req.site ? siteBaseUrl(req.site, this.config.publicUrl) : this.config.publicUrl;
    const link = `${base}/account/verifyemail?token=${encodeURIComponent(token)}`;
    try {
      await this.mailer.send({
        to: account.email,
        requested: true,
        subject: 'Confirm your e-mail address',
        text:
          `Please confirm that this address is yours by opening this link (it works for ${VERIFY_LINK_HOURS} hours):\n${link}\n\n` +
          `Once it is confirmed you can share homes with friends by e-mail.\n\n` +
          `If you did not ask for this, ignore this message.\n`,
      });
    } catch (err) {
      log.error('verification mail failed', { name: (err as Error).name });
      throw new AppError('unavailable', 'We could not send the e-mail just now; please try again in a few minutes');
    }
    return { isSuccess: true as const, alreadyVerified: false, message: `We sent a link to ${account.email}. Open it to confirm your address.` };
  }

  /** The link's page posts its token here; no session is needed (the mailbox is the proof). */
  @Route(contract.account.confirmEmail)
  async verify(@Body() { token }: BodyOf<typeof contract.account.confirmEmail>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const userId = verificationTokenUser(token);
    if (!userId) throw validation(INVALID_VERIFY_LINK);
    const { account } = await loadAccount(this.store, userId);
    if (!account.exists || !isValidEmailVerificationToken(await this.secret.get(), token, userId, account.email, new Date()))
      throw validation(INVALID_VERIFY_LINK);
    const { events } = await this.commands.execute(new VerifyEmailCommand(userStream(userId), { userId, email: account.email }, commandContextOf(req, userId)));
    // The first proof of the address: whoever made the account from it without proving it (an
    // inquiry signs in for 30 days) must not keep reading it (pre-hijacking). Every session ends;
    // the browser that followed the link, if it was signed in as this user, gets a new one.
    if (events.length > 0) {
      const here = req.auth?.userId === userId && !req.auth.impersonatorId;
      await this.sessions.endAllFor(userId);
      if (here && account.exists) await this.signIns.openSession(req, res, account);
    }
    return { isSuccess: true as const, message: EMAIL_CONFIRMED };
  }
}
