import { fold } from '../../commands/decider';
import type { AgreementState, AgreementView } from '../../contract/agreements';
import type { EventStore } from '../../eventstore/event-store.port';
import { assertNever } from '../../shared/errors';
import { type BuyerAgreementDrafted, type BuyerAgreementEvent, buyerAgreementsStream } from './agreements.events';

export type Agreement = BuyerAgreementDrafted['data'] & {
  readonly sent: { readonly linkId: string; readonly at: string } | null;
  readonly signed: {
    readonly how: 'link' | 'upload';
    readonly at: string;
    readonly name: string | null;
    readonly ipAddress: string | null;
    readonly userAgent: string | null;
    readonly uploadId: string | null;
  } | null;
  readonly voidedAt: string | null;
  readonly remindedTaskId: string | null;
};

/** A lead's agreements, oldest first. */
export type BuyerAgreements = { readonly agreements: readonly Agreement[] };

export const initialAgreements = (): BuyerAgreements => ({ agreements: [] });

const change = (s: BuyerAgreements, id: string, f: (a: Agreement) => Agreement): BuyerAgreements => ({
  agreements: s.agreements.map((a) => (a.agreementId === id ? f(a) : a)),
});

export function evolveAgreements(s: BuyerAgreements, e: BuyerAgreementEvent): BuyerAgreements {
  switch (e.type) {
    case 'BuyerAgreementDrafted':
      if (s.agreements.some((a) => a.agreementId === e.data.agreementId)) return s;
      return { agreements: [...s.agreements, { ...e.data, sent: null, signed: null, voidedAt: null, remindedTaskId: null }] };
    case 'BuyerAgreementSent':
      return change(s, e.data.agreementId, (a) => ({ ...a, sent: { linkId: e.data.linkId, at: e.data.sentAt } }));
    case 'BuyerAgreementSigned': {
      const { how, signedAt, name, ipAddress, userAgent, uploadId } = e.data;
      return change(s, e.data.agreementId, (a) => ({ ...a, signed: { how, at: signedAt, name, ipAddress, userAgent, uploadId } }));
    }
    case 'BuyerAgreementVoided':
      return change(s, e.data.agreementId, (a) => ({ ...a, voidedAt: e.data.voidedAt }));
    case 'BuyerAgreementReminded':
      return change(s, e.data.agreementId, (a) => ({ ...a, remindedTaskId: e.data.taskId }));
    default:
      return assertNever(e);
  }
}

export const agreementsState = { initialState: initialAgreements, evolve: evolveAgreements };

/** The state on `today` (the viewer's calendar day): void and signed as recorded, else expired once its last day has passed. */
export function stateOn(a: Agreement, today: string): AgreementState {
  if (a.voidedAt) return 'void';
  if (a.endsOn < today) return 'expired';
  if (a.signed) return 'signed';
  return a.sent ? 'sent' : 'draft';
}

/** Signed, not void, and `day` within its term (both ends included). */
export const inForceOn = (a: Agreement, day: string): boolean => !!a.signed && !a.voidedAt && a.startsOn <= day && day <= a.endsOn;

export function agreementView(a: Agreement, today: string): AgreementView {
  return {
    agreementId: a.agreementId,
    leadId: a.leadId,
    type: a.agreementType,
    compensation: { ...a.compensation },
    startsOn: a.startsOn,
    endsOn: a.endsOn,
    uploadId: a.uploadId,
    state: stateOn(a, today),
    createdAt: a.createdAt,
    sentAt: a.sent?.at ?? null,
    signed: a.signed ? { ...a.signed } : null,
    voidedAt: a.voidedAt,
  };
}

/** The lead's agreements as the stream says now (never stale: a showing is confirmed on it). */
export async function loadAgreements(store: EventStore, leadId: string): Promise<BuyerAgreements> {
  return fold(agreementsState, (await store.readStream(buyerAgreementsStream(leadId))) as unknown as BuyerAgreementEvent[]);
}
