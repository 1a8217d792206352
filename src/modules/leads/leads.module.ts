import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { AddLeadController } from './add-lead/add-lead.http';
import { AddLeadHandler } from './add-lead/add-lead.handler';
import { DashboardController } from './dashboard/dashboard.http';
import { ImportAccessGuard, ImportLeadsController } from './import-leads/import-leads.http';
import { LeadImporter } from './import-leads/lead-importer';
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
import { ListingMailLinks } from './send-listings/listing-mail-links';
import { ListingMailSender } from './send-listings/listing-mail-sender.reactor';
import { ListingMailTrackController } from './send-listings/listing-mail-track.http';
import { SendListingsController } from './send-listings/send-listings.http';
import { SmsInboundController } from './text-messages/sms-inbound.http';

/** Leads: inquiries, capture, routing to agents, the dashboard's reads, activity and texts, leads added by hand and imported. */
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
    AddLeadController,
    ImportLeadsController,
    SendListingsController,
    ListingMailTrackController,
  ],
  providers: [SignUpLead, SubmitInquiryHandler, LeadRouter, RateLimiter, ClaimWindowReactor, NewLeadNotifier, AddLeadHandler, LeadImporter, ImportAccessGuard, ListingMailLinks, ListingMailSender],
  exports: [LeadRouter, ClaimWindowReactor, NewLeadNotifier],
})
export class LeadsModule {}
