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

export type ComplianceEvent = ConsentWordingUnclear;
export const complianceEventTypes = ['ConsentWordingUnclear'] as const satisfies readonly ComplianceEvent['type'][];

export const complianceStream = (leadId: string) => `compliance-${leadId}`;
