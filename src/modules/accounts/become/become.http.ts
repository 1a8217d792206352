import { Controller, Delete, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { handleCommand } from '../../../commands/handle-command';
import type { Decider } from '../../../commands/decider';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { type Account, evolveAccount, initialAccount, userStream } from '../account';
import type { AccountEvent } from '../accounts.events';
import { loadAccount } from '../load-account';
import { requireAuth } from '../sessions/request-auth';
import { commandContextOf } from '../sessions/request-context';
import { SignInService } from '../sign-in/sign-in.service';

const endImpersonationDecider: Decider<Account, { userId: string; impersonatorId: string }, AccountEvent> = {
  initialState: initialAccount,
  evolve: evolveAccount,
  decide: (c, state) => (state.exists ? [{ type: 'ImpersonationEnded', data: c }] : []),
};

/** Only a path on this site may be returned to (no open redirect). */
const safeReturn = (url: string | null) => (url && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : null);

@Controller('api/account')
export class BecomeController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SignInService) private readonly signIns: SignInService,
  ) {}

  /**
   * Ends impersonation (its start is the back-office's): the browser gets a new session as the
   * staff member again, and the answer names where to go back to (or to reload).
   */
  @Delete('become')
  async end(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const auth = requireAuth(req);
    if (!auth.impersonatorId) throw validation('Error ending become user!');
    const { account: staff } = await loadAccount(this.store, auth.impersonatorId);
    if (!staff.exists) throw validation('Error ending become user!');
    await handleCommand(this.store, userStream(auth.userId), endImpersonationDecider, { userId: auth.userId, impersonatorId: auth.impersonatorId }, commandContextOf(req));
    await this.signIns.openSession(req, res, staff);
    const callbackUrl = safeReturn(auth.returnUrl);
    return { isSuccess: true, callbackUrl, reload: callbackUrl === null };
  }
}
