import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { Impersonation } from './impersonation.service';

@Controller()
export class BecomeController {
  constructor(@Inject(Impersonation) private readonly impersonation: Impersonation) {}

  /**
   * Ends impersonation (it starts at POST /api/backoffice/become/{userId}): the browser gets a
   * new session as the staff member again, and the answer names where to go back to (or to reload).
   */
  @Route(contract.account.endImpersonation)
  async end(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { callbackUrl } = await this.impersonation.end(req, res);
    return { isSuccess: true as const, callbackUrl, reload: callbackUrl === null };
  }
}
