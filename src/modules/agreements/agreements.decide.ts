import type { Decider } from '../../commands/decider';
import type { AgreementType, Compensation } from '../../contract/agreements';
import { conflict, notFound, validation } from '../../shared/errors';
import type { BuyerAgreementEvent } from './agreements.events';
import { type Agreement, agreementsState, type BuyerAgreements, stateOn } from './buyer-agreements';

export const AGREEMENT_NOT_FOUND = 'Agreement not found';
export const ENDS_BEFORE_START = 'endsOn must be after startsOn';
export const PERCENT_RANGE = 'A percent compensation must be between 0 and 100';
export const FLAT_POSITIVE = 'A flat compensation must be more than 0';
export const ALREADY_SIGNED = 'This agreement is already signed';
export const IS_VOID = 'This agreement was voided';
export const HAS_ENDED = 'This agreement has ended: create a new one';
export const LINK_REPLACED = 'A newer link was sent for this agreement: use the latest e-mail';
export const NAME_REQUIRED = 'Type your full name to sign';

/**
 * What the office and the lead do with the lead's agreements. `today`: the calendar day the
 * command is decided on (an agreement past its last day is expired: it is neither sent nor
 * signed). The same create again (a retry), a void of a void one, a reminder already given,
 * append nothing; a link used a second time is refused (the agreement is signed already).
 */
export type AgreementCommand =
  | {
      readonly kind: 'create';
      readonly agreementId: string;
      readonly leadId: string;
      readonly agreementType: AgreementType;
      readonly compensation: Compensation;
      readonly startsOn: string;
      readonly endsOn: string;
      readonly uploadId: string | null;
      readonly byUserId: string;
      readonly now: string;
    }
  | { readonly kind: 'send'; readonly agreementId: string; readonly linkId: string; readonly byUserId: string; readonly now: string; readonly today: string }
  | {
      readonly kind: 'sign';
      readonly agreementId: string;
      readonly linkId: string;
      readonly name: string;
      readonly ipAddress: string | null;
      readonly userAgent: string | null;
      readonly now: string;
      readonly today: string;
    }
  | {
      readonly kind: 'upload-signed';
      readonly agreementId: string;
      readonly uploadId: string;
      readonly byUserId: string;
      readonly now: string;
      readonly today: string;
    }
  | { readonly kind: 'void'; readonly agreementId: string; readonly byUserId: string; readonly now: string }
  | { readonly kind: 'remind'; readonly agreementId: string; readonly taskId: string };

/** The terms' own rules, before anything is written. */
export function checkTerms(c: { compensation: Compensation; startsOn: string; endsOn: string }): void {
  if (c.endsOn <= c.startsOn) throw validation(ENDS_BEFORE_START);
  const { kind, value } = c.compensation;
  if (!Number.isFinite(value)) throw validation(kind === 'percent' ? PERCENT_RANGE : FLAT_POSITIVE);
  if (kind === 'percent' && (value < 0 || value > 100)) throw validation(PERCENT_RANGE);
  if (kind === 'flat' && value <= 0) throw validation(FLAT_POSITIVE);
}

/** Still open to a signature: not void, not signed, not past its end. */
function signable(a: Agreement, today: string): void {
  const state = stateOn(a, today);
  if (state === 'void') throw conflict(IS_VOID);
  if (a.signed) throw conflict(ALREADY_SIGNED);
  if (state === 'expired') throw conflict(HAS_ENDED);
}

export function decideAgreement(c: AgreementCommand, s: BuyerAgreements): BuyerAgreementEvent[] {
  const found = s.agreements.find((a) => a.agreementId === c.agreementId);
  if (c.kind === 'create') {
    if (found) return [];
    checkTerms(c);
    const { agreementId, leadId, agreementType, compensation, startsOn, endsOn, uploadId, byUserId } = c;
    return [
      { type: 'BuyerAgreementDrafted', data: { agreementId, leadId, agreementType, compensation, startsOn, endsOn, uploadId, byUserId, createdAt: c.now } },
    ];
  }
  if (!found) throw notFound(AGREEMENT_NOT_FOUND);
  const ids = { agreementId: found.agreementId, leadId: found.leadId };
  switch (c.kind) {
    case 'send':
      signable(found, c.today);
      return [{ type: 'BuyerAgreementSent', data: { ...ids, linkId: c.linkId, byUserId: c.byUserId, sentAt: c.now } }];
    case 'sign': {
      signable(found, c.today);
      if (found.sent?.linkId !== c.linkId) throw conflict(LINK_REPLACED);
      const name = c.name.trim();
      if (!name) throw validation(NAME_REQUIRED);
      const signed = { how: 'link' as const, signedAt: c.now, name, ipAddress: c.ipAddress, userAgent: c.userAgent, uploadId: null, byUserId: null };
      return [{ type: 'BuyerAgreementSigned', data: { ...ids, ...signed } }];
    }
    case 'upload-signed': {
      signable(found, c.today);
      const signed = { how: 'upload' as const, signedAt: c.now, name: null, ipAddress: null, userAgent: null, uploadId: c.uploadId, byUserId: c.byUserId };
      return [{ type: 'BuyerAgreementSigned', data: { ...ids, ...signed } }];
    }
    case 'void':
      if (found.voidedAt) return [];
      return [{ type: 'BuyerAgreementVoided', data: { ...ids, byUserId: c.byUserId, voidedAt: c.now } }];
    case 'remind':
      if (found.remindedTaskId || found.voidedAt) return [];
      return [{ type: 'BuyerAgreementReminded', data: { ...ids, taskId: c.taskId } }];
  }
}

export const agreementsDecider: Decider<BuyerAgreements, AgreementCommand, BuyerAgreementEvent> = { ...agreementsState, decide: decideAgreement };
