import type { EventStore } from '../../../eventstore/event-store.port';
import { type EmailDeliveryReported, emailAddressHash } from '../compliance.events';

export { type EmailDeliveryReported, emailAddressHash };

export const emailAddressStream = (address: string) => `emailaddr-${emailAddressHash(address)}`;

export type Undeliverable = { readonly outcome: 'bounced' | 'complained'; readonly reason: string; readonly at: string };

/** The first hard bounce or complaint for the address, or null: temporary failures never stop mail. */
export async function undeliverable(store: EventStore, address: string): Promise<Undeliverable | null> {
  const events = (await store.readStream(emailAddressStream(address))) as unknown as EmailDeliveryReported[];
  const hit = events.find((e) => e.type === 'EmailDeliveryReported' && e.data.outcome !== 'temporary');
  return hit ? { outcome: hit.data.outcome as Undeliverable['outcome'], reason: hit.data.reason, at: hit.data.at } : null;
}

/** "jane@… bounced on 3 May 2026: mailbox does not exist": the local part's first letters only. */
export function undeliverableMessage(address: string, u: Undeliverable): string {
  const [local = ''] = address.split('@');
  const day = new Date(u.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const who = `${local.slice(0, 4)}@…`;
  return u.outcome === 'complained' ? `${who} marked our e-mail as spam on ${day}: no more e-mail is sent to it` : `${who} bounced on ${day}: ${u.reason}`;
}

/** SMTP codes in words; the provider's own text may quote the address, so it is not kept. */
export function bounceReason(code: number | null): string {
  if (code === 550 || code === 551 || code === 553) return 'mailbox does not exist';
  if (code === 552) return 'mailbox is full';
  if (code === 605) return 'address is on the provider’s bounce list';
  return code ? `refused by the receiving server (code ${code})` : 'refused by the receiving server';
}
