export type {
  FirstTouch,
  InquirySubmitted,
  LeadActivityEvent,
  LeadAssigned,
  LeadCaptured,
  LeadEvent,
  LeadReassigned,
  ListingViewed,
  RoutingRule,
  SearchRun,
} from './leads.events';
export { leadActivityEventTypes, leadActivityStream, leadEventTypes } from './leads.events';
export { chatAnswererOf, type Lead, leadIdFor, leadStream, sourceLabel } from './lead';
export { isLeadId, loadLead, loadLeads } from './load-lead';
export { firstTouchMiddleware, FIRST_TOUCH_COOKIE } from './capture-first-touch/first-touch';
export { INQUIRY_MESSAGES, validateInquiry, type InquiryFields } from '../../contract/validate-inquiry';
export { type InquiryResult, SubmitInquiryCommand } from './submit-inquiry/submit-inquiry.handler';
export { type LeadInScope, leadInScope } from './view-leads/lead-in-scope';
export { LeadRouter } from './assign-lead/lead-router.reactor';
export { ClaimWindowReactor } from './put-in-pond/claim-window.reactor';
export { LeadsModule } from './leads.module';
// Action plans (issue 19 part 1) act on leads through the leads context's own deciders.
export { decideOnLead, loadPipeline } from './move-into-pipeline/lead-in-pipeline';
export { decideChangeStage } from './change-stage/change-stage.decide';
export { decideTagLead } from './tag-lead/tag-lead.decide';
export { evolveLead, initialLead } from './lead';
export { filtersOf, type LeadFilterQuery, SavedLeadFilters } from './view-leads/lead-filters';
export { decideAddLead } from './add-lead/add-lead.decide';
export { submitInquiryDecider } from './submit-inquiry/submit-inquiry.decide';
export { patchLead } from './patch-lead/patch-lead.handler';
export { NotesCommand } from './write-notes/notes.command';
export { leadNotesStream } from './leads.events';
export { composeInquiryMessage } from './inquiry-message';
export { type LeadTarget, resolveLeadTarget } from './add-lead/lead-target';
export { leadRegistration } from './lead-account';
// The seller suite's /sell form is an inquiry with a valuation beside it.
export { leadAccountOn } from './lead-account-on';
export { decodeFirstTouch, touchOf } from './capture-first-touch/first-touch';
