export { HeldAddresses, leadMailKey, leadOfMailKey, type MailAttachment, MailHeldBack, type MailLead, type MailMessage, Mailer } from './mailer.port';
export { nodemailerMessage } from './smtp.mailer';
export { AgentMailboxes } from './agent-mailboxes';
export { addressText, courtesyOf, factsText, listingHtml, listingPriceText, listingTextLine } from './listing-mail';
export { MessagingModule } from './messaging.module';
export { carrierKeyword, type InboundText, SmsSender, type TextMessage, threadKey } from './sms/sms.port';
export { SMS_STATUS_PATH } from './sms/twilio.sms';
export { type MailboxMessage, readMailbox } from './mailbox/mailbox';
export { type OutboxText, readSmsOutbox } from './sms/sms-outbox';
export { sendTrackingPixel, TRACKED_LINK_HEADERS } from './tracking-pixel';
export {
  MailOutboxSender,
  type LeftIn,
  type MailPlan,
  OutboxSender,
  TextOutboxSender,
  type OutboxPlan,
  type OutboxTable,
  type ReactorOutbox,
  sendOneFromOutbox,
} from './mail-outbox';
export { OutboxKit } from './outbox-kit';
export { mailPage } from './mail-page';
export { RETRY, retryDelayMs, afterFailure, failureOf, type SendFailure } from './retry-policy';
export { recordFailure, RETRY_DUE } from './outbox-retry';
export { type FailedMessage, failedByOutbox, failedForLead, OUTBOXES, outboxCounts, type OutboxName, outboxNamed, sendAgain } from './failed-messages';
export { decideOnceWithRetry, type Deferral } from './send-once-with-retry';
export { MEDIA_URL, mmsCapMessage, type SkipReason, textEligibility } from './text-messages';
export { helpReply, overMmsCap, startReply, twiml } from './text-messages';
