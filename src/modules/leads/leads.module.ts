import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { DashboardController } from './dashboard/dashboard.http';
import { ExportLeadsController } from './export-leads/export-leads.http';
import { OfficeController } from './office/office.http';
import { ReassignLeadController } from './reassign-lead/reassign-lead.http';
import { ActivityController } from './record-activity/activity.http';
import { LeadRouter } from './routing/lead-router.reactor';
import { SignUpLead } from './sign-up-lead';
import { SmartListsController } from './smart-lists/smart-lists.http';
import { InquiryController } from './submit-inquiry/inquiry.http';
import { SubmitInquiryHandler } from './submit-inquiry/submit-inquiry.handler';
import { SendTextController } from './text-messages/send-text.http';
import { SmsInboundController } from './text-messages/sms-inbound.http';

/** Leads: inquiries, capture, routing to agents, the dashboard's reads, activity and texts. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, MessagingModule],
  controllers: [
    InquiryController,
    // Before the dashboard's `leads/:leadId`, which would otherwise take `leads/export.csv` for a lead id.
    ExportLeadsController,
    DashboardController,
    ReassignLeadController,
    OfficeController,
    ActivityController,
    SendTextController,
    SmsInboundController,
    SmartListsController,
  ],
  providers: [SignUpLead, SubmitInquiryHandler, LeadRouter, RateLimiter],
  exports: [LeadRouter],
})
export class LeadsModule {}
