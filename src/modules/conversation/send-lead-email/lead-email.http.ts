import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { parseBody } from '../../../http/parse-body';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { LeadEmailBody, LeadEmails } from './send-lead-email.handler';

/**
 * The lead page's e-mail composer (issue 16). The thread's `POST …/messages` with channel
 * "email" does the same through LeadEmails.sendLeadEmail.
 */
@Controller('api/dashboard/leads')
export class LeadEmailController {
  constructor(@Inject(LeadEmails) private readonly emails: LeadEmails) {}

  @ApiDoc({
    summary: 'E-mail a lead from the CRM (plain text; merge fields; a template; replies come back to the thread)',
    tag: 'One conversation',
    access: 'agents, brokers, staff (their scope)',
    body: LeadEmailBody,
    responses: { 201: '{messageId}', 403: 'the lead unsubscribed from e-mail (or a lead calls)', 404: 'not their lead, or not their template' },
  })
  @Post(':leadId/emails')
  @HttpCode(201)
  send(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    return this.emails.sendLeadEmail(req, leadId, parseBody(LeadEmailBody, body));
  }

  @ApiDoc({
    summary: 'What an e-mail to this lead would say (merge fields filled, empty ones named) and whether it may be sent',
    tag: 'One conversation',
    access: 'agents, brokers, staff (their scope)',
    body: LeadEmailBody,
    responses: { 200: '{to, subject, body, emptyFields, canSend, reason}' },
  })
  @Post(':leadId/emails/preview')
  @HttpCode(200)
  preview(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    return this.emails.preview(req, leadId, parseBody(LeadEmailBody, body));
  }
}
