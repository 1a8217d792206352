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
  readonly entries: EvidenceEntry[];
};

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
  return { leadId, asOf, consent, agreements: until.filter((e) => e.type.startsWith('BuyerAgreement')).map((e) => e.data), ownerId, entries: chain(until) };
}
