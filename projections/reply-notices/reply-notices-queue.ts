import { stableId } from '../../src/shared/stable-id';

/** The in-process signal the reply_notices projection gives after it queued notices. */
export const REPLY_NOTICES_SIGNAL = 'thread.replyNoticesQueued';

export type ReplyNoticeChannel = 'email' | 'text';
/** The outbox row of one reply's notice on one channel: derived from the reply's event id, so a replay queues the same row and sends nothing again. */
export const replyNoticeId = (eventId: string, channel: ReplyNoticeChannel): string => stableId(`reply notice ${eventId} ${channel}`);
