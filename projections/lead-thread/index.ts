export { leadThreadProjection } from './lead-thread.projection';
export {
  type ItemMark,
  itemMark,
  lastChannel,
  leadsByPhone,
  newestItem,
  type PhoneMatch,
  threadPage,
  textByProviderId,
  threadPushesSince,
  unreadByLead,
  unreadChatUpTo,
  unreadOf,
  unreachableCode,
} from './thread.query';
