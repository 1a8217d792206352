export type { LeadThreadRead, ThreadEvent } from './thread.events';
export { threadEventTypes, threadReadStream } from './thread.events';
export { ThreadModule } from './thread.module';
export { ReplyMailSender, ReplyTextSender } from './reply-notices/reply-notice-senders.reactor';
export type { ReplyNoticeEvent, ReplyNoticesChosen } from './thread.events';
export { replyNoticeEventTypes, replyNoticesStream } from './thread.events';
