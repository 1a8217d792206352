export { replyNoticesProjection } from './reply-notices.projection';
export { REPLY_NOTICES_SIGNAL } from './reply-notices-queue';
