import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { type ExistingAccount, officeOf, userStream } from '../account';
import type { EmailVerifiedHow, SignInMethod } from '../accounts.events';
import { cookiesOf, SESSION_COOKIE, setSessionCookie } from '../sessions/cookies';
import { commandContextOf } from '../../../commands/request-context';
import { type Session, SessionStore } from '../sessions/session.store';
import { SignInCommand } from './sign-in.command';

export type Timezone = { readonly timezone: number | null; readonly timezoneName: string | null };

/**
 * Signing in: the UserSignedIn event on the user's stream first (the history shows it), then a
 * new session whose id replaces the one the browser had (rotation: the old id stops working).
 */
@Injectable()
export class SignInService {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  /**
   * Refused (403) while the account is locked or offboarded. `verifiedBy`: this sign-in proves the
   * address; the first such proof on an account nobody had proved ends every other session of it.
   */
  async signIn(req: Request, res: Response, account: ExistingAccount, method: SignInMethod, tz: Timezone, verifiedBy?: EmailVerifiedHow): Promise<Session> {
    const { events } = await this.commands.execute(
      new SignInCommand(userStream(account.userId), { userId: account.userId, method, ...tz, verifiedBy }, commandContextOf(req, account.userId)),
    );
    if (events.some((e) => e.type === 'EmailVerified')) await this.endSessionsOfUnprovedOwner(account.userId);
    return this.openSession(req, res, account);
  }

  /**
   * Pre-hijacking: whoever created the account from an address they did not prove (an inquiry
   * signs in for 30 days) must not keep reading it once the owner proves it. Every session ends
   * and its sockets close; the owner's browser then gets a new one.
   */
  async endSessionsOfUnprovedOwner(userId: string): Promise<void> {
    await this.sessions.endAllFor(userId);
  }

  /** For callers whose own atomic append already holds the UserSignedIn event. */
  async openSession(req: Request, res: Response, account: Pick<ExistingAccount, 'userId' | 'securityLevel' | 'officeId'>): Promise<Session> {
    const session = await this.sessions.start(
      { userId: account.userId, securityLevel: account.securityLevel, officeId: officeOf(account), impersonatorId: null, returnUrl: null },
      cookiesOf(req)[SESSION_COOKIE],
    );
    setSessionCookie(req, res, session);
    req.auth = session;
    return session;
  }
}
