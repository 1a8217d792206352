import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DecideAcrossCommand } from '../../../commands/decide-command';
import type { Request, Response } from 'express';
import type { StreamFold } from '../../../commands/handle-command-across';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { type Account, evolveAccount, type ExistingAccount, initialAccount, officeOf, userStream } from '../account';
import type { AccountEvent } from '../accounts.events';
import { loadAccount } from '../load-account';
import { safeReturnPath } from '../../../contract/return-address';
import { cookiesOf, SESSION_COOKIE, setSessionCookie } from '../sessions/cookies';
import { requireAuth } from '../sessions/request-auth';
import { commandContextOf } from '../../../commands/request-context';
import { type Session, SessionStore } from '../sessions/session.store';
import { SignInService } from '../sign-in/sign-in.service';
import { BECOME_MESSAGES, decideEndImpersonation, decideStartImpersonation, IMPERSONATION_MINUTES } from './become.decide';

export const END_FAILED = 'Error ending become user!';

const accountFold = (userId: string): StreamFold<Account, AccountEvent> => ({
  streamId: userStream(userId),
  initialState: initialAccount,
  evolve: evolveAccount,
});

/**
 * "Become user": staff act as a user in a session of that user's that records who they are and
 * lasts 30 minutes at most; every event written meanwhile carries the impersonator (the request's
 * command context reads it from the session). Start and end are events on both streams.
 */
@Injectable()
export class Impersonation {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(SignInService) private readonly signIns: SignInService,
  ) {}

  /** The caller has checked that the session is staff's own (the back-office guard). */
  async start(
    req: Request,
    res: Response,
    input: { targetUserId: string; reason: string; returnUrl?: string | null },
  ): Promise<{ session: Session; user: ExistingAccount }> {
    const staff = requireAuth(req);
    const returnUrl = input.returnUrl ? safeReturnPath(input.returnUrl) : null;
    if (input.returnUrl && !returnUrl) throw validation(BECOME_MESSAGES.returnUrl);
    const lifetimeMs = IMPERSONATION_MINUTES * 60_000;
    const ctx = commandContextOf(req);
    const expiresAt = new Date(ctx.now.getTime() + lifetimeMs).toISOString();
    const { states } = await this.commands.execute(
      new DecideAcrossCommand(
        [accountFold(staff.userId), accountFold(input.targetUserId)],
        (accounts) => decideStartImpersonation({ staffId: staff.userId, targetUserId: input.targetUserId, reason: input.reason, expiresAt }, accounts),
        ctx,
      ),
    );
    const user = states[1] as ExistingAccount;
    const session = await this.sessions.start(
      { userId: user.userId, securityLevel: user.securityLevel, officeId: officeOf(user), impersonatorId: staff.userId, returnUrl },
      cookiesOf(req)[SESSION_COOKIE],
      lifetimeMs,
    );
    setSessionCookie(req, res, session);
    req.auth = session;
    return { session, user };
  }

  /** Back to the staff member's own session; answers where to go (the return address) or to reload. */
  async end(req: Request, res: Response): Promise<{ callbackUrl: string | null }> {
    const auth = requireAuth(req);
    if (!auth.impersonatorId) throw validation(END_FAILED);
    const { account: staff } = await loadAccount(this.store, auth.impersonatorId);
    if (!staff.exists) throw validation(END_FAILED);
    await this.commands.execute(
      new DecideAcrossCommand(
        [accountFold(auth.impersonatorId), accountFold(auth.userId)],
        (accounts) => decideEndImpersonation({ staffId: auth.impersonatorId!, userId: auth.userId }, accounts),
        commandContextOf(req),
      ),
    );
    await this.signIns.openSession(req, res, staff);
    // Checked again on the way out: a session may hold an address stored before today's rules.
    return { callbackUrl: safeReturnPath(auth.returnUrl) };
  }
}
