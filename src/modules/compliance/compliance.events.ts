/**
 * A lead's message that may have asked not to be contacted but did not say it clearly ("stop by
 * at 5?", "stop the alerts but call me"): not a revocation; the agent is asked to confirm. On the
 * lead's compliance stream (`compliance-{leadId}`). The words stay in the message itself
 * (`messageId`), not here.
 */
export type ConsentWordingUnclear = {
  readonly type: 'ConsentWordingUnclear';
  readonly data: {
    readonly userId: string;
    readonly leadId: string;
    readonly messageId: string;
    readonly channel: 'text' | 'email';
    readonly rulesVersion: string;
  };
};

/** The agent read the lead's unclear message as a revocation: the channel's consent went off with it (the ledger's ConsentChanged). */
export type ConsentRevocationConfirmed = {
  readonly type: 'ConsentRevocationConfirmed';
  readonly data: {
    readonly userId: string;
    readonly leadId: string;
    readonly messageId: string;
    readonly channel: 'text' | 'email';
    readonly byUserId: string;
  };
};

export type ComplianceEvent = ConsentWordingUnclear | ConsentRevocationConfirmed;
export const complianceEventTypes = ['ConsentWordingUnclear', 'ConsentRevocationConfirmed'] as const satisfies readonly ComplianceEvent['type'][];

/**
 * The office's rules for automated texts: the hours of its leads' day they may arrive in (within
 * 08:00 to 21:00, never wider) and how many a lead gets a day. Stream `textrules-{officeId}`.
 */
export type OfficeTextRulesSet = {
  readonly type: 'OfficeTextRulesSet';
  readonly data: { readonly officeId: string; readonly startHour: number; readonly endHour: number; readonly perDay: number; readonly byUserId: string };
};
export const textRulesStream = (officeId: string) => `textrules-${officeId}`;

export const complianceStream = (leadId: string) => `compliance-${leadId}`;
