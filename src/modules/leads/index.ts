export type {
  FirstTouch,
  InquirySubmitted,
  LeadActivityEvent,
  LeadAssigned,
  LeadCaptured,
  LeadEvent,
  LeadMessageEvent,
  LeadReassigned,
  ListingViewed,
  RoutingRule,
  SearchRun,
  TextMessageSent,
} from './leads.events';
export { agentProfileStream, emailStream, leadActivityEventTypes, leadActivityStream, leadEventTypes, leadMessageEventTypes, officeEventTypes, officeStream, ROUTE_LEAD_PUSH, routingEventTypes, routingStream, smsStream } from './leads.events';
export { chatAnswererOf, type Lead, leadIdFor, leadStream, sourceLabel } from './lead';
export { isLeadId, loadLead, loadLeads } from './load-lead';
export { firstTouchMiddleware, FIRST_TOUCH_COOKIE } from './first-touch/first-touch';
export { INQUIRY_MESSAGES, validateInquiry, type InquiryFields } from '../../contract/validate-inquiry';
export { type InquiryResult, SubmitInquiryCommand } from './submit-inquiry/submit-inquiry.handler';
export { dashboardViewer, mayView, type Viewer } from './dashboard/viewer';
export { type LeadInScope, leadInScope } from './dashboard/lead-in-scope';
export { viewedOffice } from './office/viewer-office';
export { isInOffice } from './office/in-office';
export type { AgentActivated, AgentBioChanged, AgentDeactivated, AgentMlsIdChanged, AgentProfileEvent, ListingAgentLinked, OfficeEvent, RoundRobinTurnTaken, RoutingEvent } from './leads.events';
export { routeLead, type RoutingRules } from './routing/routing-rules';
export { LeadRouter } from './routing/lead-router.reactor';
export { ClaimWindowReactor } from './pond/claim-window.reactor';
export { NewLeadNotifier } from './speed-to-lead/new-lead-notifier.reactor';
export { LeadEmailSender } from './lead-email/lead-email-sender.reactor';
export { LeadEmailBody, LeadEmailFields, type LeadEmailInput, LeadEmails } from './lead-email/send-lead-email.handler';
export { EMAIL_UNSUBSCRIBED, leadEmailDecider } from './lead-email/lead-email.decide';
export { decideOffice, evolveOffice, initialOffice } from './office/office';
export { MEDIA_URL, mmsCapMessage, type SkipReason, textEligibility } from './text-messages/text-messages';
export { sendTextToLead, type TextResult } from './text-messages/send-text';
export { SiteNumbers } from './text-messages/site-numbers';
export { LeadsModule } from './leads.module';
// Webhooks that read their own bodies (main.ts keeps the body parsers off them).
export { INBOUND_EMAIL_PATH } from './inbound-email/inbound-email.http';
export { SMS_INBOUND_PATH } from './text-messages/sms-inbound.http';
// Action plans (issue 19 part 1) act on leads through the leads context's own deciders.
export { trimQuotedHistory } from './inbound-email/quoted-history';
export { leadMergeValues } from './lead-email/merge-values';
export { smsDecider } from './text-messages/sms.decide';
export { decideOnLead, loadPipeline } from './pipeline/lead-in-pipeline';
export { decideChangeStage } from './change-stage/change-stage.decide';
export { decideTagLead } from './tag-lead/tag-lead.decide';
export { emailTemplatesStream } from './email-templates/email-templates.events'; export { type EmailTemplates, templatesDecider } from './email-templates/email-templates.decide'; // the starter kit copies templates through their decider
