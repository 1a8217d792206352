export type { FirstTouch, InquirySubmitted, LeadCaptured, LeadEvent } from './leads.events';
export { leadEventTypes } from './leads.events';
export { leadIdFor, leadStream, sourceLabel } from './lead';
export { firstTouchMiddleware, FIRST_TOUCH_COOKIE } from './first-touch/first-touch';
export { INQUIRY_MESSAGES, validateInquiry, type InquiryFields } from './validate-inquiry';
export { LeadsModule } from './leads.module';
