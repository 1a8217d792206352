export type { ChatEvent, ChatMessageSent, ChatMessagesRead } from './chat.events';
export { chatEventTypes, chatStream, CHAT_MAX_LENGTH } from './chat.events';
export { CHAT_MESSAGES } from './send-message/send-message.decide';
export { ChatModule } from './chat.module';
export { readChatMessages, sendChatMessage } from './chat-commands';
