import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { parseBody } from '../../../http/parse-body';
import { AdminCommands } from '../admin-commands';
import { actionDoc, BackofficeController, ReasonBody, reasonField } from '../backoffice-controller';
import { QUIT_REASONS, type QuitReason } from '../backoffice.events';
import {
  decideLockPlatform,
  decidePauseMarketing,
  decideRequestQuit,
  decideRestoreDomain,
  decideResumeMarketing,
  decideStartOffboarding,
  decideUnlockPlatform,
} from './churn.decide';

const reason = reasonField;
const QuitBody = z.strictObject({ quitReason: z.enum(QUIT_REASONS as [QuitReason, ...QuitReason[]]), reason });
const PauseBody = z.strictObject({ until: z.iso.date().nullable().optional(), reason });
const DomainBody = z.strictObject({ domain: z.string().max(253), reason });

const doc = actionDoc('Back-office: churn');

/** Spec family "churn (offboarding, quit request and reason, platform lock, pause marketing, restore domain)". */
@BackofficeController('churn')
export class ChurnController {
  constructor(@Inject(AdminCommands) private readonly commands: AdminCommands) {}

  @Post(':userId/offboarding')
  @HttpCode(200)
  @doc('Start offboarding an account: it can no longer sign in, and its sessions end at once', ReasonBody)
  offboarding(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.runAffectingSignIn(req, userId, (s) => decideStartOffboarding({ userId, reason }, s), { cause: 'offboarding', blocked: true });
  }

  @Post(':userId/quitrequest')
  @HttpCode(200)
  @doc('Record a quit request and its reason', QuitBody)
  quit(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(QuitBody, body);
    return this.commands.run(req, userId, () => decideRequestQuit({ userId, ...input }));
  }

  @Post(':userId/platformlock')
  @HttpCode(200)
  @doc('Lock the platform for an account: it cannot sign in (password, Google, Facebook, links, become) and its sessions end at once', ReasonBody)
  lock(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.runAffectingSignIn(req, userId, (s) => decideLockPlatform({ userId, reason }, s), { cause: 'platform-lock', blocked: true });
  }

  @Post(':userId/platformunlock')
  @HttpCode(200)
  @doc('Unlock the platform for an account: it can sign in again (unless offboarded)', ReasonBody)
  unlock(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.runAffectingSignIn(req, userId, (s) => decideUnlockPlatform({ userId, reason }, s), { cause: 'platform-lock', blocked: false });
  }

  @Post(':userId/pausemarketing')
  @HttpCode(200)
  @doc('Pause marketing to an account, optionally until a date', PauseBody)
  pause(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(PauseBody, body);
    const today = new Date().toISOString().slice(0, 10);
    return this.commands.run(req, userId, (s) => decidePauseMarketing({ userId, until: input.until ?? null, today, reason: input.reason }, s));
  }

  @Post(':userId/resumemarketing')
  @HttpCode(200)
  @doc('Resume marketing to an account', ReasonBody)
  resume(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const { reason } = parseBody(ReasonBody, body);
    return this.commands.run(req, userId, (s) => decideResumeMarketing({ userId, reason }, s));
  }

  @Post(':userId/restoredomain')
  @HttpCode(200)
  @doc("Restore an account's domain", DomainBody)
  restoreDomain(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(DomainBody, body);
    return this.commands.run(req, userId, () => decideRestoreDomain({ userId, ...input }));
  }
}
