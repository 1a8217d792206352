export { type MailAttachment, type MailMessage, Mailer } from './mailer.port';
export { addressText, courtesyOf, escapeHtml, factsText, listingHtml, listingPriceText, listingTextLine } from './listing-mail';
export { MessagingModule } from './messaging.module';
export { carrierKeyword, type InboundText, SmsSender, type TextMessage, tenDigits } from './sms/sms.port';
export { type MailboxMessage, readMailbox } from './mailbox/mailbox';
export { type OutboxText, readSmsOutbox } from './sms/sms-outbox';
export { sendTrackingPixel, TRACKED_LINK_HEADERS } from './tracking-pixel';
export { MailOutboxSender, type MailPlan, TextOutboxSender, type OutboxPlan, sendOneFromOutbox } from './mail-outbox';
export { mailPage } from './mail-page';
