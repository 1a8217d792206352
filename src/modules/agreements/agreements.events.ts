import type { AgreementType, Compensation } from '../../contract/agreements';

/**
 * Buyer agreements, all of one lead's on one stream, `buyer-agreements-{leadId}`:
 * what covers a showing is read from it at the moment of confirming, and the evidence export
 * reads it with the lead's other streams. Every type starts with `BuyerAgreement` (the evidence
 * export lists those as the lead's agreements). Days are calendar days (YYYY-MM-DD), inclusive.
 */
export type BuyerAgreementDrafted = {
  readonly type: 'BuyerAgreementDrafted';
  readonly data: {
    readonly agreementId: string;
    readonly leadId: string;
    readonly agreementType: AgreementType;
    readonly compensation: Compensation;
    readonly startsOn: string;
    readonly endsOn: string;
    /** The agreement's own document (a state's form) when the agent attached one: it is the agreement's text. */
    readonly uploadId: string | null;
    readonly byUserId: string;
    readonly createdAt: string;
  };
};

/** A signing link went to the lead; `linkId` names it, so only the newest link signs. */
export type BuyerAgreementSent = {
  readonly type: 'BuyerAgreementSent';
  readonly data: { readonly agreementId: string; readonly leadId: string; readonly linkId: string; readonly byUserId: string; readonly sentAt: string };
};

/** Signed by the lead through the link (typed name, address, browser) or by the agent uploading the signed copy. */
export type BuyerAgreementSigned = {
  readonly type: 'BuyerAgreementSigned';
  readonly data: {
    readonly agreementId: string;
    readonly leadId: string;
    readonly how: 'link' | 'upload';
    readonly signedAt: string;
    readonly name: string | null;
    readonly ipAddress: string | null;
    readonly userAgent: string | null;
    readonly uploadId: string | null;
    readonly byUserId: string | null;
  };
};

export type BuyerAgreementVoided = {
  readonly type: 'BuyerAgreementVoided';
  readonly data: { readonly agreementId: string; readonly leadId: string; readonly byUserId: string; readonly voidedAt: string };
};

/** The agent was given a task to renew it, 7 days before its end (once). */
export type BuyerAgreementReminded = {
  readonly type: 'BuyerAgreementReminded';
  readonly data: { readonly agreementId: string; readonly leadId: string; readonly taskId: string };
};

export type BuyerAgreementEvent = BuyerAgreementDrafted | BuyerAgreementSent | BuyerAgreementSigned | BuyerAgreementVoided | BuyerAgreementReminded;
export const buyerAgreementEventTypes = [
  'BuyerAgreementDrafted',
  'BuyerAgreementSent',
  'BuyerAgreementSigned',
  'BuyerAgreementVoided',
  'BuyerAgreementReminded',
] as const satisfies readonly BuyerAgreementEvent['type'][];
export const buyerAgreementsStream = (leadId: string) => `buyer-agreements-${leadId}`;
