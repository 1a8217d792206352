import { Controller, Delete, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { Impersonation } from './impersonation.service';

@Controller('api/account')
export class BecomeController {
  constructor(@Inject(Impersonation) private readonly impersonation: Impersonation) {}

  /**
   * Ends impersonation (it starts at POST /api/backoffice/become/{userId}): the browser gets a
   * new session as the staff member again, and the answer names where to go back to (or to reload).
   */
  @Delete('become')
  @ApiDoc({ summary: 'End impersonation ("become user")', tag: 'Account', access: 'a session that impersonates', responses: { 200: '{isSuccess, callbackUrl, reload}', 400: 'Error ending become user!' } })
  async end(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { callbackUrl } = await this.impersonation.end(req, res);
    return { isSuccess: true, callbackUrl, reload: callbackUrl === null };
  }
}
