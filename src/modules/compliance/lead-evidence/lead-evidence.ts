import type { ConsentChannel } from '../../accounts';
import { chain, type EvidenceEntry } from './evidence-chain';

/** An event of the lead's history as the store holds it, in log order. */
export type HistoryEvent = { readonly type: string; readonly at: string; readonly data: Record<string, unknown> };

export type LeadEvidence = {
  readonly leadId: string;
  readonly asOf: string;
  readonly consent: Record<ConsentChannel, boolean>;
  readonly agreements: unknown[];
  readonly ownerId: string | null;
  readonly deliveries: Delivery[];
  readonly entries: EvidenceEntry[];
};

/**
 * What became of each message as of the moment: a text's latest state from its carrier (its
 * message id, state, the carrier's error code, when reported); each relay report on the lead's
 * address (delivered, bounced, complained, a temporary failure) with the message of the thread it
 * is about (`messageId` null for mail outside the thread, such as alerts, or older reports); each
 * e-mail held back at sending (`not_sent`: the address bounced or complained before, or the lead
 * turned e-mail off).
 */
export type Delivery = {
  readonly channel: 'text' | 'email';
  readonly messageId: string | null;
  readonly state: string;
  readonly errorCode: number | null;
  readonly at: string;
};

function deliveriesOf(until: readonly HistoryEvent[]): Delivery[] {
  const texts = new Map<string, Delivery>();
  const emails: Delivery[] = [];
  for (const e of until) {
    const d = e.data;
    if (e.type === 'TextMessageSent' && typeof d.messageId === 'string' && !texts.has(d.messageId)) {
      texts.set(d.messageId, { channel: 'text', messageId: d.messageId, state: 'queued', errorCode: null, at: e.at });
    }
    if (e.type === 'TextDeliveryReported' && typeof d.messageId === 'string' && typeof d.state === 'string') {
      texts.set(d.messageId, {
        channel: 'text',
        messageId: d.messageId,
        state: d.state,
        errorCode: typeof d.errorCode === 'number' ? d.errorCode : null,
        at: e.at,
      });
    }
    if (e.type === 'EmailDeliveryReported' && typeof d.outcome === 'string') {
      const message = d.message as { messageId?: unknown } | null | undefined;
      const messageId = typeof message?.messageId === 'string' ? message.messageId : null;
      emails.push({ channel: 'email', messageId, state: d.outcome, errorCode: typeof d.code === 'number' ? d.code : null, at: e.at });
    }
    // Held back at sending: the relay never had it. Only a thread's e-mail (it names its writer) is named by its message.
    if (e.type === 'AutomatedEmailSkipped' && typeof d.messageId === 'string') {
      emails.push({ channel: 'email', messageId: typeof d.byUserId === 'string' ? d.messageId : null, state: 'not_sent', errorCode: null, at: e.at });
    }
  }
  return [...texts.values(), ...emails];
}

/** The events that hand a lead to someone (an agent, or the office's pond). */
const OWNERSHIP: Record<string, (d: Record<string, unknown>) => string | null> = {
  LeadAssigned: (d) => (typeof d.agentId === 'string' ? d.agentId : null),
  LeadReassigned: (d) => (typeof d.agentId === 'string' ? d.agentId : null),
  LeadClaimed: (d) => (typeof d.agentId === 'string' ? d.agentId : null),
  LeadPutInPond: () => null,
};

/**
 * What a regulator asks of one lead as of a moment: consent then, who held the lead then, its
 * agreements, and every event of it up to then as a hash chain a copy can be checked by offline.
 * Consent starts as registration gives it (every channel on) and follows the ledger.
 */
export function leadEvidence(leadId: string, asOf: string, history: readonly HistoryEvent[]): LeadEvidence {
  const until = history.filter((e) => e.at <= asOf);
  const consent: Record<ConsentChannel, boolean> = { email: true, text: true, propertyAlerts: true, propertyUpdates: true };
  let ownerId: string | null = null;
  for (const e of until) {
    if (e.type === 'ConsentChanged') consent[e.data.channel as ConsentChannel] = e.data.granted === true;
    const owner = OWNERSHIP[e.type];
    if (owner) ownerId = owner(e.data);
  }
  return {
    leadId,
    asOf,
    consent,
    agreements: until.filter((e) => e.type.startsWith('BuyerAgreement')).map((e) => e.data),
    ownerId,
    deliveries: deliveriesOf(until),
    entries: chain(until),
  };
}
