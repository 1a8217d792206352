import { Body, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { Impersonation } from '../../accounts';
import { accountIdParam } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';

/** Where the browser goes once it acts as the user: their dashboard, or the public site. */
const landingFor = (level: number) => (level >= 10 && level < 25 ? '/dashboard' : '/search');

/** "Become user" (impersonation) starts here; it ends at DELETE /api/account/become. */
@BackofficeController()
export class BecomeUserController {
  constructor(@Inject(Impersonation) private readonly impersonation: Impersonation) {}

  @Route(contract.backoffice.become)
  async become(
    @Param('userId') userId: string,
    @Body() input: BodyOf<typeof contract.backoffice.become>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { session, user } = await this.impersonation.start(req, res, {
      targetUserId: accountIdParam(userId),
      reason: input.reason,
      returnUrl: input.returnUrl,
    });
    return { isSuccess: true as const, userId: user.userId, expiresAt: session.expiresAt.toISOString(), redirectUrl: landingFor(user.securityLevel) };
  }
}
