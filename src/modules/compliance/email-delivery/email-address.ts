import type { EventStore } from '../../../eventstore/event-store.port';
import { type EmailDeliveryReported, emailAddressHash } from '../compliance.events';

export { type EmailDeliveryReported, emailAddressHash };

export const emailAddressStream = (address: string) => `emailaddr-${emailAddressHash(address)}`;

export type Undeliverable = { readonly outcome: 'bounced' | 'complained'; readonly reason: string; readonly at: string };

/** The first hard bounce or complaint for the address, or null: temporary failures never stop mail. */
export async function undeliverable(store: EventStore, address: string): Promise<Undeliverable | null> {
  const events = (await store.readStream(emailAddressStream(address))) as unknown as EmailDeliveryReported[];
  const hit = events.find((e) => e.type === 'EmailDeliveryReported' && (e.data.outcome === 'bounced' || e.data.outcome === 'complained'));
  return hit ? { outcome: hit.data.outcome as Undeliverable['outcome'], reason: hit.data.reason, at: hit.data.at } : null;
}

/** "jane@… bounced on 3 May 2026: mailbox does not exist": the local part's first letters only. */
export function undeliverableMessage(address: string, u: Undeliverable): string {
  const [local = ''] = address.split('@');
  const day = new Date(u.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const who = `${local.slice(0, 4)}@…`;
  return u.outcome === 'complained' ? `${who} marked our e-mail as spam on ${day}: no more e-mail is sent to it` : `${who} bounced on ${day}: ${u.reason}`;
}

export { bounceReason } from '../../../contract/email-delivery';
