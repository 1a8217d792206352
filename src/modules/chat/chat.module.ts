import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ChatController } from './chat.http';

/** Chat between a lead and its agent. */
@Module({ imports: [AccountsModule], controllers: [ChatController] })
export class ChatModule {}
