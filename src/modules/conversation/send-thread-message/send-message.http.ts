import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { THREAD_MESSAGES } from '../../../contract/thread';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError, forbidden, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { CHAT_MAX_LENGTH } from '../chat.events';
import { sendChatMessage } from '../chat/chat-commands';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { LeadEmails } from '../send-lead-email/send-lead-email.handler';
import { sendTextToLead } from '../send-text/send-text';
import { SiteNumbers } from '../site-numbers';
import { SmsSender } from '../../messaging';
import { loadTextRules, quietHoursTime } from '../../compliance';
import { ThreadAccess } from '../thread-access';
import { channelStates, refusal } from './channels';

/** An agent answering in their conversations: brisk, but not a bulk sender (that is POST /api/dashboard/messages/send). */
export const THREAD_SEND_LIMIT: RateLimit = {
  name: 'thread-send',
  limit: 60,
  windowSeconds: 60,
  message: 'Too many messages at once. Please wait a minute and try again.',
};

/** Texts of a text message and an MMS's caption: the carriers' 1600 characters. */
const TEXT_MAX = 1600;

/**
 * The agent answers the lead on the channel of their choice (contract section 5b): chat through
 * the chat's own send, text and MMS through the one text path (consent ledger, valid cell,
 * TextMessageSent), e-mail through the e-mail lane's sendLeadEmail. A channel the viewer may not
 * use now answers 403 with the reason the composer shows.
 */
@Controller()
export class SendMessageController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(ThreadAccess) private readonly access: ThreadAccess,
    @Inject(LeadEmails) private readonly emails: LeadEmails,
  ) {}

  /** 403 {message}: why the channel is not available. */
  @Route(contract.conversation.send)
  async send(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.conversation.send>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const text = input.body.trim();
    if (!text && input.channel !== 'mms') throw validation(THREAD_MESSAGES.empty);
    await this.limiter.enforce(THREAD_SEND_LIMIT, viewer.userId);
    const { lead, facts } = await this.access.lead(viewer, leadId);
    const states = channelStates(facts);
    const why = refusal(states, input.channel === 'mms' ? 'text' : input.channel);
    if (why) throw forbidden(why);
    const ctx = commandContextOf(req);
    switch (input.channel) {
      case 'chat': {
        if (text.length > CHAT_MAX_LENGTH) throw validation(`A message can have at most ${CHAT_MAX_LENGTH} characters`);
        const messageId = randomUUID();
        await sendChatMessage(
          this.store,
          { chatId: lead.leadId, leadId: lead.leadId, siteId: lead.siteId, messageId, fromUserId: viewer.userId, toUserId: lead.userId, text },
          ctx,
        );
        return { id: messageId, channel: 'chat' as const };
      }
      case 'text':
      case 'mms': {
        if (text.length > TEXT_MAX) throw validation(THREAD_MESSAGES.textTooLong);
        if (input.channel === 'mms' && !input.mediaUrl) throw validation('An MMS needs its picture or video (mediaUrl)');
        if (!input.confirmQuietHours) {
          // The agent's own text goes at any hour, but only once they know it is night for the lead.
          const localTime = quietHoursTime(await loadTextRules(this.store, lead, lead.phone), ctx.now);
          if (localTime) throw new AppError('conflict', `It is ${localTime} for ${lead.fullName}. Send anyway?`, { quietHours: true, localTime });
        }
        const kind = input.channel === 'mms' ? 'video' : 'text';
        const result = await sendTextToLead(
          this.store,
          this.sms,
          this.numbers,
          { lead, byUserId: viewer.userId, kind, body: text, mediaUrl: input.channel === 'mms' ? input.mediaUrl! : null },
          ctx,
        );
        if (!result.sent) {
          if (result.reason === 'failed') throw new AppError('unavailable', 'The text could not be sent; please try again');
          throw forbidden(refusal(states, 'text') ?? THREAD_MESSAGES.noCellPhone);
        }
        return { id: result.messageId, channel: input.channel };
      }
      // The leads context's CRM e-mail (template, merge fields, reply address, consent, the outbox).
      case 'email': {
        const { messageId } = await this.emails.sendLeadEmail(req, lead.leadId, {
          body: text,
          subject: input.subject?.trim() || undefined,
          templateId: input.templateId ?? undefined,
        });
        return { id: messageId, channel: 'email' as const };
      }
    }
  }
}
