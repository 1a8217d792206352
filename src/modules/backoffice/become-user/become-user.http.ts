import { Body, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { Impersonation } from '../../accounts';
import { accountIdParam } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';

const BecomeBody = z.strictObject({ reason: z.string().max(1000), returnUrl: z.string().max(2000).nullable().optional() });

/** Where the browser goes once it acts as the user: their dashboard, or the public site. */
const landingFor = (level: number) => (level >= 10 && level < 25 ? '/dashboard' : '/search');

/** "Become user" (impersonation) starts here; it ends at DELETE /api/account/become. */
@BackofficeController('become')
export class BecomeUserController {
  constructor(@Inject(Impersonation) private readonly impersonation: Impersonation) {}

  @Post(':userId')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Act as a user for at most 30 minutes, with a reason; not for staff accounts',
    tag: 'Back-office',
    access: 'staff',
    body: BecomeBody,
    responses: { 200: '{isSuccess, userId, expiresAt, redirectUrl} and the new session cookie', 400: 'no reason', 403: 'a staff account', 404: 'no such account' },
  })
  async become(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const input = parseBody(BecomeBody, body);
    const { session, user } = await this.impersonation.start(req, res, { targetUserId: accountIdParam(userId), reason: input.reason, returnUrl: input.returnUrl });
    return { isSuccess: true, userId: user.userId, expiresAt: session.expiresAt.toISOString(), redirectUrl: landingFor(user.securityLevel) };
  }
}
