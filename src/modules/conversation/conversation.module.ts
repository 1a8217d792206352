import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { ListingsModule } from '../listings';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { ChatController } from './chat/chat.http';
import { ReplyMailSender, ReplyTextSender } from './choose-reply-notices/reply-notice-senders.reactor';
import { ReplyNoticesController } from './choose-reply-notices/reply-notices.http';
import { ReadThreadController } from './read-thread/read-thread.http';
import { SendMessageController } from './send-thread-message/send-message.http';
import { ThreadAccess } from './thread-access';
import { ThreadController } from './view-thread/thread.http';
import { EmailTemplatesController } from './manage-email-templates/email-templates.http';
import { InboundEmailController, InboundEmailGuard } from './receive-inbound-email/inbound-email.http';
import { InboundMailParts } from './receive-inbound-email/inbound-parts';
import { InboundTexts } from './receive-text/inbound-texts';
import { LeadEmailController } from './send-lead-email/lead-email.http';
import { LeadEmailSender } from './send-lead-email/lead-email-sender.reactor';
import { LeadEmails } from './send-lead-email/send-lead-email.handler';
import { LogCallController } from './log-call/log-call.http';
import { SendTextController } from './send-text/send-text.http';
import { SiteNumbers } from './site-numbers';
import { SmsInboundController } from './receive-text/sms-inbound.http';

/**
 * One conversation per lead (issue 16): chat, e-mail and texts both ways, calls, listings sent by
 * e-mail, templates, the thread with its unread counts, and the agent's reply notices.
 */
@Module({
  imports: [AccountsModule, LeadsModule, ListingsModule, MessagingModule, SitesModule, UploadsModule],
  controllers: [
    ChatController,
    ThreadController,
    ReadThreadController,
    SendMessageController,
    ReplyNoticesController,
    SendTextController,
    SmsInboundController,
    EmailTemplatesController,
    LeadEmailController,
    InboundEmailController,
    LogCallController,
  ],
  providers: [
    RateLimiter,
    ThreadAccess,
    ReplyMailSender,
    ReplyTextSender,
    LeadEmails,
    LeadEmailSender,
    InboundEmailGuard,
    InboundMailParts,
    SiteNumbers,
    InboundTexts,
  ],
  exports: [LeadEmails, LeadEmailSender, InboundEmailGuard, InboundMailParts, SiteNumbers],
})
export class ConversationModule {}
