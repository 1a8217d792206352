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
import { BoardController } from './board/board.http';
import { DashboardController } from './dashboard/dashboard.http';
import { ImportAccessGuard, ImportLeadsController } from './import-leads/import-leads.http';
import { LeadImporter } from './import-leads/lead-importer';
import { MyListingsController } from './dashboard/my-listings.http';
import { ExportLeadsController } from './export-leads/export-leads.http';
import { EmailTemplatesController } from './email-templates/email-templates.http';
import { InboundEmailController, InboundEmailGuard } from './inbound-email/inbound-email.http';
import { InboundMailParts } from './inbound-email/inbound-parts';
import { LeadEmailController } from './lead-email/lead-email.http';
import { LeadEmailSender } from './lead-email/lead-email-sender.reactor';
import { LeadEmails } from './lead-email/send-lead-email.handler';
import { OfficeController } from './office/office.http';
import { ClaimLeadController } from './pond/claim-lead.http';
import { ClaimWindowReactor } from './pond/claim-window.reactor';
import { RoutingSettingsController } from './pond/routing-settings.http';
import { RoutingRulesController } from './routing/routing-rules.http';
import { ReassignLeadController } from './reassign-lead/reassign-lead.http';
import { ReportsController } from './reports/reports.http';
import { ActivityController } from './record-activity/activity.http';
import { NotesController } from './notes/notes.http';
import { FirstContactReactor } from './first-contact/first-contact.reactor';
import { PatchLeadController } from './patch-lead/patch-lead.http';
import { StageMover } from './pipeline/stage-mover.reactor';
import { LogCallController } from './log-call/log-call.http';
import { LeadRouter } from './routing/lead-router.reactor';
import { SignUpLead } from './sign-up-lead';
import { NewLeadNotifier } from './speed-to-lead/new-lead-notifier.reactor';
import { LeadScoreController } from './scoring/lead-score.http';
import { SmartListsController } from './smart-lists/smart-lists.http';
import { InquiryController } from './submit-inquiry/inquiry.http';
import { SubmitInquiryHandler } from './submit-inquiry/submit-inquiry.handler';
import { SendTextController } from './text-messages/send-text.http';
import { ListingMailLinks } from './send-listings/listing-mail-links';
import { ListingMailSender } from './send-listings/listing-mail-sender.reactor';
import { ListingMailTrackController } from './send-listings/listing-mail-track.http';
import { SendListingsController } from './send-listings/send-listings.http';
import { SmsInboundController } from './text-messages/sms-inbound.http';
import { InboundTexts } from './text-messages/inbound-texts';
import { SiteNumbers } from './text-messages/site-numbers';

/** Leads: inquiries, capture, routing to agents, the dashboard's reads, activity and texts, leads added by hand and imported. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, MessagingModule, ListingsModule, NotificationsModule],
  controllers: [
    InquiryController,
    // Before the dashboard's `leads/:leadId`, which would otherwise take `leads/export.csv` for a lead id.
    ExportLeadsController,
    DashboardController,
    MyListingsController,
    ReassignLeadController,
    OfficeController,
    ActivityController,
    SendTextController,
    SmsInboundController,
    ReportsController,
    RoutingSettingsController,
    RoutingRulesController,
    ClaimLeadController,
    NotesController,
    AddLeadController,
    ImportLeadsController,
    SmartListsController,
    LeadScoreController,
    EmailTemplatesController,
    LeadEmailController,
    InboundEmailController,
    PatchLeadController,
    BoardController,
    LogCallController,
    SendListingsController,
    ListingMailTrackController,
  ],
  providers: [
    SignUpLead,
    SubmitInquiryHandler,
    LeadRouter,
    RateLimiter,
    ClaimWindowReactor,
    NewLeadNotifier,
    AddLeadHandler,
    LeadImporter,
    ImportAccessGuard,
    LeadEmails,
    LeadEmailSender,
    InboundEmailGuard,
    InboundMailParts,
    FirstContactReactor,
    StageMover,
    SiteNumbers,
    InboundTexts,
    ListingMailLinks,
    ListingMailSender,
  ],
  exports: [LeadRouter, ClaimWindowReactor, NewLeadNotifier, LeadEmails, LeadEmailSender, InboundEmailGuard, InboundMailParts, SiteNumbers],
})
export class LeadsModule {}
