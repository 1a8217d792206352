import type { Decider } from '../../../commands/decider';
import { DEFAULT_REPLY_NOTICES, type ReplyNoticeChoice } from '../../../contract/thread';
import type { ReplyNoticeEvent } from '../thread.events';

/** The agent's choice; the default until they chose. */
export type ReplyNotices = { readonly by: ReplyNoticeChoice; readonly chosen: boolean };
export type ChooseReplyNotices = { readonly userId: string; readonly by: ReplyNoticeChoice };

/** Choosing what is already chosen records nothing. */
export function decideReplyNotices(c: ChooseReplyNotices, s: ReplyNotices): ReplyNoticeEvent[] {
  if (s.chosen && s.by === c.by) return [];
  return [{ type: 'ReplyNoticesChosen', data: { userId: c.userId, by: c.by } }];
}

export const replyNoticesDecider: Decider<ReplyNotices, ChooseReplyNotices, ReplyNoticeEvent> = {
  initialState: () => ({ by: DEFAULT_REPLY_NOTICES, chosen: false }),
  evolve: (_s, e) => ({ by: e.data.by, chosen: true }),
  decide: decideReplyNotices,
};

/** Whether a reply notice goes out on this channel under the choice. */
export const wantsReplyNotice = (by: ReplyNoticeChoice, channel: 'email' | 'text'): boolean => by === 'both' || by === channel;
