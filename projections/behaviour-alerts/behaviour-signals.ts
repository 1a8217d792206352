/** The signal the behaviour_alerts projection gives after it applied a lead's doings (the detector takes the queued ones it has passed). */
export const BEHAVIOUR_QUEUED = 'behaviour.queued';
/** The signal it gives after it listed new alerts (the mail sender composes the queued ones it has passed). */
export const BEHAVIOUR_MAIL_QUEUED = 'behaviour.mailQueued';
