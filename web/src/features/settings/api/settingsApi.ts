import { request } from '../../../api/http';
import type { ReplyNoticeChoice } from '../../../../../src/contract/thread';

export type ReplyNotices = { readonly notifyBy: ReplyNoticeChoice; readonly chosen: boolean; readonly textReason: string | null };

/** The viewer's own settings (the dashboard's Settings view). */
export const settingsApi = {
  replyNotices: () => request<ReplyNotices>('GET', '/api/dashboard/me/reply-notices'),
  setReplyNotices: (notifyBy: ReplyNoticeChoice) => request<ReplyNotices>('PUT', '/api/dashboard/me/reply-notices', { notifyBy }),
};
