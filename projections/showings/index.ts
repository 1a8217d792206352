export { SHOWING_CHANGED_SIGNAL, SHOWING_REQUESTED_SIGNAL, showingsProjection } from './showings.projection';
export {
  type DueNotice,
  dueShowingNotices,
  listShowings,
  type NoticeKind,
  pendingShowingRequests,
  type ShowingRequest,
  type ShowingScope,
} from './showings.query';
