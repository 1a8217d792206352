export { chatProjection } from './chat.projection';
export { type ChatMessageView, chatMessagesOf, chatPushesSince, unreadByLead } from './chat.query';
