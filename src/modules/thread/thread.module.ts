import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { ReadThreadController } from './read-thread/read-thread.http';
import { ReplyMailSender, ReplyTextSender } from './reply-notices/reply-notice-senders.reactor';
import { ReplyNoticesController } from './reply-notices/reply-notices.http';
import { SendMessageController } from './send-message/send-message.http';
import { ThreadAccess } from './thread-access';
import { ThreadController } from './view-thread/thread.http';

/** One conversation per lead (issue 16): the thread, the agent's answers on any channel, unread counts, the agent's reply notices. */
@Module({
  imports: [AccountsModule, LeadsModule, MessagingModule],
  controllers: [ThreadController, ReadThreadController, SendMessageController, ReplyNoticesController],
  providers: [RateLimiter, ThreadAccess, ReplyMailSender, ReplyTextSender],
})
export class ThreadModule {}
