export { chatProjection } from './chat.projection';
export { type ChatMessageView, chatMessagesOf, unreadByLead } from './chat.query';
