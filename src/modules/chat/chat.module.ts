import { Module } from '@nestjs/common';
import { ChatController } from './chat.http';

/** Chat between a lead and its agent. */
@Module({ controllers: [ChatController] })
export class ChatModule {}
