import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { ReadThreadController } from './read-thread/read-thread.http';
import { SendMessageController } from './send-message/send-message.http';
import { ThreadAccess } from './thread-access';
import { ThreadController } from './view-thread/thread.http';

/** One conversation per lead (issue 16): the thread, the agent's answers on any channel, unread counts. */
@Module({
  imports: [AccountsModule, LeadsModule, MessagingModule],
  controllers: [ThreadController, ReadThreadController, SendMessageController],
  providers: [RateLimiter, ThreadAccess],
})
export class ThreadModule {}
