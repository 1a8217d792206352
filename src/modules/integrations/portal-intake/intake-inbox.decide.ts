import type { Decider } from '../../../commands/decider';
import { conflict, notFound } from '../../../shared/errors';
import type { IntakeDeliveryKept, IntakeInboxEvent } from './intake-inbox.events';

export const DELIVERY_NOT_FOUND = 'No such unread delivery';
export const DELIVERY_HANDLED = 'This delivery was already made a lead or dismissed';

export type KeptDelivery = IntakeDeliveryKept['data'] & { readonly at: string };
/** Unread first by arrival; a handled one leaves the list but its id stays known (a retried keep adds nothing). */
export type IntakeInbox = { readonly unread: ReadonlyMap<string, KeptDelivery>; readonly handled: ReadonlySet<string> };

export type IntakeInboxCommand =
  | { readonly kind: 'keep'; readonly delivery: IntakeDeliveryKept['data'] }
  | { readonly kind: 'dismiss'; readonly officeId: string; readonly deliveryId: string; readonly byUserId: string }
  | { readonly kind: 'made-lead'; readonly officeId: string; readonly deliveryId: string; readonly leadId: string; readonly byUserId: string };

export const initialIntakeInbox = (): IntakeInbox => ({ unread: new Map(), handled: new Set() });

export function evolveIntakeInbox(s: IntakeInbox, e: IntakeInboxEvent & { readonly metadata?: { readonly at: string } }): IntakeInbox {
  if (e.type === 'IntakeDeliveryKept') return { ...s, unread: new Map(s.unread).set(e.data.deliveryId, { ...e.data, at: e.metadata?.at ?? '' }) };
  const unread = new Map(s.unread);
  unread.delete(e.data.deliveryId);
  return { unread, handled: new Set(s.handled).add(e.data.deliveryId) };
}

export function decideIntakeInbox(c: IntakeInboxCommand, s: IntakeInbox): IntakeInboxEvent[] {
  if (c.kind === 'keep') {
    const id = c.delivery.deliveryId;
    return s.unread.has(id) || s.handled.has(id) ? [] : [{ type: 'IntakeDeliveryKept', data: c.delivery }];
  }
  if (s.handled.has(c.deliveryId)) throw conflict(DELIVERY_HANDLED);
  if (!s.unread.has(c.deliveryId)) throw notFound(DELIVERY_NOT_FOUND);
  if (c.kind === 'dismiss') return [{ type: 'IntakeDeliveryDismissed', data: { officeId: c.officeId, deliveryId: c.deliveryId, byUserId: c.byUserId } }];
  return [{ type: 'IntakeDeliveryMadeLead', data: { officeId: c.officeId, deliveryId: c.deliveryId, leadId: c.leadId, byUserId: c.byUserId } }];
}

export const intakeInboxDecider: Decider<IntakeInbox, IntakeInboxCommand, IntakeInboxEvent> = {
  initialState: initialIntakeInbox,
  evolve: evolveIntakeInbox,
  decide: decideIntakeInbox,
};
