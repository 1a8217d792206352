export type { ChatEvent, ChatMessageSent, ChatMessagesRead } from './chat.events';
export { chatEventTypes, chatStream, CHAT_MAX_LENGTH } from './chat.events';
export { CHAT_MESSAGES } from './send-chat-message/send-message.decide';
export { readChatMessages, sendChatMessage } from './chat/chat-commands';
export type { LeadThreadRead, ThreadEvent } from './thread.events';
export { threadEventTypes, threadReadStream } from './thread.events';
export { ReplyMailSender, ReplyTextSender } from './choose-reply-notices/reply-notice-senders.reactor';
export { replyNoticesProjection } from './choose-reply-notices/reply-notices.queue';
export type { ReplyNoticeEvent, ReplyNoticesChosen } from './thread.events';
export { replyNoticeEventTypes, replyNoticesStream } from './thread.events';
export type { LeadMessageEvent, TextMessageSent } from './conversation.events';
export { callsStream, emailStream, leadMessageEventTypes, smsStream } from './conversation.events';
export { LeadEmailSender } from './send-lead-email/lead-email-sender.reactor';
export { leadEmailOutboxProjection } from './send-lead-email/lead-email.queue';
export { LEAD_EMAIL_OUTBOX, leadEmailOfMail } from './send-lead-email/lead-email-of-mail';
export { LeadEmailBody, LeadEmailFields, type LeadEmailInput, LeadEmails } from './send-lead-email/send-lead-email.handler';
export { EMAIL_UNSUBSCRIBED } from './send-lead-email/lead-email.decide';
export { sendTextToLead, type TextResult } from './send-text/send-text';
export { SiteNumbers } from './site-numbers';
// Webhooks that read their own bodies (main.ts keeps the body parsers off them).
export { INBOUND_EMAIL_PATH } from './receive-inbound-email/inbound-email.http';
export { SMS_INBOUND_PATH, TwilioConfiguredGuard, TwilioForm } from './receive-text/sms-inbound.http';
// Action plans (issue 19 part 1) act on leads through the conversation context's own deciders.
export { leadEmailDecider } from './send-lead-email/lead-email.decide';
export { leadMergeValues } from './send-lead-email/merge-values';
export { smsDecider } from './send-text/sms.decide';
export { ConversationModule } from './conversation.module';
// The agent's own mailbox copies mail into the conversation through the same decider and trimming.
export { trimQuotedHistory } from './receive-inbound-email/quoted-history';
export type { LeadEmailSent } from './conversation.events';
// The starter kit copies templates through their decider.
export { emailTemplatesStream } from './email-templates.events';
export { type EmailTemplates, templatesDecider } from './manage-email-templates/email-templates.decide';
export { checkMailgunSignature, MAILGUN_MAX_AGE_SECONDS, type MailgunSignature } from './receive-inbound-email/mailgun-signature';
