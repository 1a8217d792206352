export * from './chat.events';
export * from './thread.events';
export * from './email-templates.events';

/**
 * The conversation with a lead beyond chat and outbound texts (issue 16): texts the lead sends
 * back, e-mails both ways and calls the agent logs. The one thread (projections/lead-thread)
 * folds these with `ChatMessageSent` (chat context) and `TextMessageSent`.
 */

/** A text or MMS from the lead's phone, matched to the lead by number and the site's sending number. Stream `sms-{leadId}`. */
export type TextMessageReceived = {
  readonly type: 'TextMessageReceived';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    /** The sender's number as the provider sent it (E.164). */
    readonly from: string;
    readonly body: string;
    /** MMS media, as uploads kept by us (never the provider's URLs, which expire). */
    readonly media: readonly { readonly uploadId: string; readonly contentType: string }[];
    /** The provider's id for the message (Twilio's MessageSid): the same id twice is one message. */
    readonly providerId: string;
  };
};

/** An e-mail an agent sent the lead from the CRM with the thread's reply address, or from their own client (`fromMailbox`: copied from their mailbox, never sent again). Stream `email-{leadId}`. */
export type LeadEmailSent = {
  readonly type: 'LeadEmailSent';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly byUserId: string;
    readonly subject: string;
    /** Plain text as sent (merge fields filled); the HTML part is made from it, never from agent HTML. */
    readonly body: string;
    readonly templateId: string | null;
    readonly fromMailbox?: true;
  };
};

/** A reply (or any e-mail) that came back to a thread's reply address. Stream `email-{leadId}`. */
export type LeadEmailReceived = {
  readonly type: 'LeadEmailReceived';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly from: string;
    readonly subject: string;
    /** The new text only: quoted history trimmed. */
    readonly body: string;
    readonly attachments: readonly { readonly uploadId: string; readonly name: string; readonly contentType: string }[];
    /** Attachments that came but were not kept (a type uploads refuse, or larger than UPLOAD_MAX_MB); absent: none. */
    readonly attachmentsRefused?: number;
  };
};

export type CallOutcome = 'connected' | 'left-voicemail' | 'no-answer' | 'wrong-number';

/** A call the agent logged after making it (click-to-call, then "Log call"). Stream `calls-{leadId}`. */
export type CallLogged = {
  readonly type: 'CallLogged';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly callId: string;
    readonly byUserId: string;
    readonly outcome: CallOutcome;
    readonly durationSeconds: number | null;
    readonly notes: string;
  };
};

export type LeadEmailEvent = LeadEmailSent | LeadEmailReceived;
export const leadEmailEventTypes = ['LeadEmailSent', 'LeadEmailReceived'] as const satisfies readonly LeadEmailEvent['type'][];
export type CallEvent = CallLogged;
export const callEventTypes = ['CallLogged'] as const satisfies readonly CallEvent['type'][];

export const emailStream = (leadId: string) => `email-${leadId}`;
export const callsStream = (leadId: string) => `calls-${leadId}`;

/**
 * A text (SMS) or video (MMS) message an agent sent to a lead through the SMS port, on the
 * stream `sms-{leadId}`, recorded after the provider accepted it. Consent was checked first.
 */
export type TextMessageSent = {
  readonly type: 'TextMessageSent';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly byUserId: string;
    readonly kind: 'text' | 'video';
    readonly body: string;
    readonly mediaUrl: string | null;
    /** The provider's id for the message (Twilio's SID, or the outbox row). */
    readonly providerId: string;
  };
};
export type LeadMessageEvent = TextMessageSent;
/** Everything on a lead's `sms-` stream: texts the agent sent and texts the lead sent back (issue 16). */
export type SmsEvent = TextMessageSent | TextMessageReceived;
export const smsEventTypes = ['TextMessageSent', 'TextMessageReceived'] as const satisfies readonly SmsEvent['type'][];
export const leadMessageEventTypes = ['TextMessageSent'] as const satisfies readonly LeadMessageEvent['type'][];
export const smsStream = (leadId: string) => `sms-${leadId}`;
