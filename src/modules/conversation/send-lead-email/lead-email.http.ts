import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { LeadEmails } from './send-lead-email.handler';

/**
 * The lead page's e-mail composer (issue 16). The thread's `POST …/messages` with channel
 * "email" does the same through LeadEmails.sendLeadEmail.
 */
@Controller()
export class LeadEmailController {
  constructor(@Inject(LeadEmails) private readonly emails: LeadEmails) {}

  /** 403: the lead unsubscribed from e-mail (or a lead calls); 404: not their lead, or not their template. */
  @Route(contract.leadEmail.send)
  send(@Param('leadId') leadId: string, @Body() body: BodyOf<typeof contract.leadEmail.send>, @Req() req: Request) {
    return this.emails.sendLeadEmail(req, leadId, body);
  }

  @Route(contract.leadEmail.preview)
  preview(@Param('leadId') leadId: string, @Body() body: BodyOf<typeof contract.leadEmail.preview>, @Req() req: Request) {
    return this.emails.preview(req, leadId, body);
  }
}
