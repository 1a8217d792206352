import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { DashboardController } from './dashboard/dashboard.http';
import { OfficeController } from './office/office.http';
import { ClaimLeadController } from './pond/claim-lead.http';
import { ClaimWindowReactor } from './pond/claim-window.reactor';
import { RoutingSettingsController } from './pond/routing-settings.http';
import { ReassignLeadController } from './reassign-lead/reassign-lead.http';
import { ReportsController } from './reports/reports.http';
import { ActivityController } from './record-activity/activity.http';
import { NotesController } from './notes/notes.http';
import { LeadRouter } from './routing/lead-router.reactor';
import { SignUpLead } from './sign-up-lead';
import { NewLeadNotifier } from './speed-to-lead/new-lead-notifier.reactor';
import { InquiryController } from './submit-inquiry/inquiry.http';
import { SubmitInquiryHandler } from './submit-inquiry/submit-inquiry.handler';
import { SendTextController } from './text-messages/send-text.http';
import { SmsInboundController } from './text-messages/sms-inbound.http';
import { InboundTexts } from './text-messages/inbound-texts';
import { SiteNumbers } from './text-messages/site-numbers';

/** Leads: inquiries, capture, routing to agents, the dashboard's reads, activity and texts. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, MessagingModule, ListingsModule, NotificationsModule],
  controllers: [
    InquiryController,
    DashboardController,
    ReassignLeadController,
    OfficeController,
    ActivityController,
    SendTextController,
    SmsInboundController,
    ReportsController,
    RoutingSettingsController,
    ClaimLeadController,
    NotesController,
  ],
  providers: [SignUpLead, SubmitInquiryHandler, LeadRouter, RateLimiter, ClaimWindowReactor, NewLeadNotifier, SiteNumbers, InboundTexts],
  exports: [LeadRouter, ClaimWindowReactor, NewLeadNotifier, SiteNumbers],
})
export class LeadsModule {}
