import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { AddLeadController } from './add-lead/add-lead.http';
import { AddLeadHandler } from './add-lead/add-lead.handler';
import { BoardController } from './view-board/board.http';
import { DashboardController } from './view-leads/dashboard.http';
import { MyListingsController } from './view-leads/my-listings.http';
import { ClaimLeadController } from './claim-lead/claim-lead.http';
import { ClaimWindowReactor } from './put-in-pond/claim-window.reactor';
import { ReassignLeadController } from './reassign-lead/reassign-lead.http';
import { ActivityController } from './record-activity/activity.http';
import { NotesController } from './write-notes/notes.http';
import { FirstContactReactor } from './record-first-contact/first-contact.reactor';
import { PatchLeadController } from './patch-lead/patch-lead.http';
import { StageMover } from './move-into-pipeline/stage-mover.reactor';
import { LeadRouter } from './assign-lead/lead-router.reactor';
import { SignUpLead } from './sign-up-lead';
import { InquiryController } from './submit-inquiry/inquiry.http';
import { SubmitInquiryHandler } from './submit-inquiry/submit-inquiry.handler';

/** Leads: inquiries, capture, assignment and the pond, stages and the board, notes, tags, smart lists, scores, reports, leads added by hand, imported and exported. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, MessagingModule, ListingsModule],
  controllers: [
    InquiryController,
    DashboardController,
    MyListingsController,
    ReassignLeadController,
    ActivityController,
    ClaimLeadController,
    NotesController,
    AddLeadController,
    PatchLeadController,
    BoardController,
  ],
  providers: [SignUpLead, SubmitInquiryHandler, LeadRouter, RateLimiter, ClaimWindowReactor, AddLeadHandler, FirstContactReactor, StageMover],
  exports: [LeadRouter, ClaimWindowReactor],
})
export class LeadsModule {}
