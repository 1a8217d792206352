import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { BoardController } from './board/board.http';
import { DashboardController } from './dashboard/dashboard.http';
import { OfficeController } from './office/office.http';
import { ReassignLeadController } from './reassign-lead/reassign-lead.http';
import { ActivityController } from './record-activity/activity.http';
import { FirstContactReactor } from './first-contact/first-contact.reactor';
import { PatchLeadController } from './patch-lead/patch-lead.http';
import { StageMover } from './pipeline/stage-mover.reactor';
import { LeadRouter } from './routing/lead-router.reactor';
import { SignUpLead } from './sign-up-lead';
import { InquiryController } from './submit-inquiry/inquiry.http';
import { SubmitInquiryHandler } from './submit-inquiry/submit-inquiry.handler';
import { SendTextController } from './text-messages/send-text.http';
import { SmsInboundController } from './text-messages/sms-inbound.http';

/** Leads: inquiries, capture, routing to agents, the dashboard's reads, activity and texts. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, MessagingModule, ListingsModule],
  controllers: [
    InquiryController,
    DashboardController,
    ReassignLeadController,
    OfficeController,
    ActivityController,
    SendTextController,
    SmsInboundController,
    PatchLeadController,
    BoardController,
  ],
  providers: [SignUpLead, SubmitInquiryHandler, LeadRouter, RateLimiter, FirstContactReactor, StageMover],
  exports: [LeadRouter],
})
export class LeadsModule {}
