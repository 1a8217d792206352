import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ChatController } from './chat.http';

/** Chat between a lead and its agent. */
@Module({ imports: [AccountsModule], controllers: [ChatController], providers: [RateLimiter] })
export class ChatModule {}
