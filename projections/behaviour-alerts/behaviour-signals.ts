import { stableId } from '../../src/shared/stable-id';

/** The signal the behaviour_alerts projection gives after it queued lead events for the detector. */
export const BEHAVIOUR_QUEUED = 'behaviour.queued';
/** The signal it gives after it queued alert e-mails for the mail sender. */
export const BEHAVIOUR_MAIL_QUEUED = 'behaviour.mailQueued';

/** The e-mail outbox row of one alert: derived from the alert's id, so a replay queues the same row and sends nothing again. */
export const behaviourMailId = (alertId: string): string => stableId(`behaviour alert mail ${alertId}`);
