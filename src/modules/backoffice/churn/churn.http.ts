import { Body, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
import {
  decideLockPlatform,
  decidePauseMarketing,
  decideRequestQuit,
  decideRestoreDomain,
  decideResumeMarketing,
  decideStartOffboarding,
  decideUnlockPlatform,
} from './churn.decide';

const routes = contract.churn;
type Reason = BodyOf<typeof routes.lock>;

/** Spec family "churn (offboarding, quit request and reason, platform lock, pause marketing, restore domain)". */
@BackofficeController()
export class ChurnController {
  constructor(@Inject(AdminCommands) private readonly commands: AdminCommands) {}

  @Route(routes.offboarding)
  offboarding(@Param('userId') userId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.runAffectingSignIn(req, userId, (s) => decideStartOffboarding({ userId, reason }, s), { cause: 'offboarding', blocked: true });
  }

  @Route(routes.quitRequest)
  quit(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.quitRequest>, @Req() req: Request) {
    return this.commands.run(req, userId, () => decideRequestQuit({ userId, ...input }));
  }

  @Route(routes.lock)
  lock(@Param('userId') userId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.runAffectingSignIn(req, userId, (s) => decideLockPlatform({ userId, reason }, s), { cause: 'platform-lock', blocked: true });
  }

  @Route(routes.unlock)
  unlock(@Param('userId') userId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.runAffectingSignIn(req, userId, (s) => decideUnlockPlatform({ userId, reason }, s), { cause: 'platform-lock', blocked: false });
  }

  @Route(routes.pauseMarketing)
  pause(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.pauseMarketing>, @Req() req: Request) {
    const today = new Date().toISOString().slice(0, 10);
    return this.commands.run(req, userId, (s) => decidePauseMarketing({ userId, until: input.until ?? null, today, reason: input.reason }, s));
  }

  @Route(routes.resumeMarketing)
  resume(@Param('userId') userId: string, @Body() { reason }: Reason, @Req() req: Request) {
    return this.commands.run(req, userId, (s) => decideResumeMarketing({ userId, reason }, s));
  }

  @Route(routes.restoreDomain)
  restoreDomain(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.restoreDomain>, @Req() req: Request) {
    return this.commands.run(req, userId, () => decideRestoreDomain({ userId, ...input }));
  }
}
