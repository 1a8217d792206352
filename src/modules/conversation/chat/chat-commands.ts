import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import type { EventStore } from '../../../eventstore/event-store.port';
import { chatStream } from '../chat.events';
import { type ReadChatMessages, readChatMessagesDecider } from '../read-chat-message/read-message.decide';
import { type SendChatMessage, sendChatMessageDecider } from '../send-chat-message/send-message.decide';

/** A chat message on the lead's chat stream (once per messageId). The caller checked who may write. */
export const sendChatMessage = (store: EventStore, c: SendChatMessage, ctx: CommandContext) =>
  handleCommand(store, chatStream(c.leadId), sendChatMessageDecider, c, ctx);

/** A read receipt up to a message (only ever forwards). The caller checked who reads. */
export const readChatMessages = (store: EventStore, c: ReadChatMessages, ctx: CommandContext) =>
  handleCommand(store, chatStream(c.leadId), readChatMessagesDecider, c, ctx);
