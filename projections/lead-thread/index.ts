export { leadThreadProjection } from './lead-thread.projection';
export {
  type ItemMark,
  itemMark,
  lastChannel,
  leadsByPhone,
  newestItem,
  type PhoneMatch,
  threadPage,
  threadPushesSince,
  unreadByLead,
  unreadChatUpTo,
  unreadOf,
  unreachableCode,
} from './thread.query';
