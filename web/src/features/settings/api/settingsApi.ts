import { api } from '../../../api/contract-client';
import type { ResponseOf } from '../../../../../src/contract/route';
import { contract } from '../../../../../src/contract/routes';
import type { ReplyNoticeChoice } from '../../../../../src/contract/thread';

export type ReplyNotices = ResponseOf<typeof contract.conversation.replyNotices>;

/** The viewer's own settings (the dashboard's Settings view). */
export const settingsApi = {
  replyNotices: () => api(contract.conversation.replyNotices),
  setReplyNotices: (notifyBy: ReplyNoticeChoice) => api(contract.conversation.setReplyNotices, { body: { notifyBy } }),
};
