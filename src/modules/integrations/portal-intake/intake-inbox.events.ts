/**
 * What came to an office's intake URL or intake address and could not be read as a lead: kept,
 * never dropped, on the stream `intakeinbox-{officeId}`, until the broker makes a lead of it or
 * dismisses it. `prefill` is what could be read (for the "Make a lead" form).
 */
export type IntakePrefill = {
  readonly source: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
};

export type IntakeDeliveryKept = {
  readonly type: 'IntakeDeliveryKept';
  readonly data: {
    readonly officeId: string;
    readonly deliveryId: string;
    readonly channel: 'url' | 'email';
    /** The sender's address (e-mail), else ''. */
    readonly from: string;
    /** The e-mail's subject, else the delivery's source or shape as far as it was seen. */
    readonly subject: string;
    readonly reason: string;
    /** The e-mail's text, or the delivery's JSON, cut to a size a screen shows. */
    readonly text: string;
    readonly prefill: IntakePrefill;
  };
};
export type IntakeDeliveryDismissed = {
  readonly type: 'IntakeDeliveryDismissed';
  readonly data: { readonly officeId: string; readonly deliveryId: string; readonly byUserId: string };
};
export type IntakeDeliveryMadeLead = {
  readonly type: 'IntakeDeliveryMadeLead';
  readonly data: { readonly officeId: string; readonly deliveryId: string; readonly leadId: string; readonly byUserId: string };
};

export type IntakeInboxEvent = IntakeDeliveryKept | IntakeDeliveryDismissed | IntakeDeliveryMadeLead;
export const intakeInboxEventTypes = [
  'IntakeDeliveryKept',
  'IntakeDeliveryDismissed',
  'IntakeDeliveryMadeLead',
] as const satisfies readonly IntakeInboxEvent['type'][];
export const intakeInboxStream = (officeId: string) => `intakeinbox-${officeId}`;
