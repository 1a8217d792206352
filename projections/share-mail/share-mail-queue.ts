import { stableId } from '../../src/shared/stable-id';

/** The in-process push the share_mail projection emits after it queued share e-mails. */
export const SHARE_MAIL_PUSH = 'organizer.shareMailQueued';

/** The outbox row of a share: derived from the ListingShared event's id, so a replay queues the same row and sends nothing again. */
export const shareMailId = (shareEventId: string): string => stableId(`share mail ${shareEventId}`);
