import type { Decider } from '../../commands/decider';
import type { MailboxConnected, MailboxEvent } from './mailbox.events';

export type Mailbox = { readonly connected: false } | ({ readonly connected: true } & MailboxConnected['data']);

export type MailboxCommand = ({ readonly kind: 'connect' } & MailboxConnected['data']) | { readonly kind: 'disconnect'; readonly userId: string };

/** Disconnecting what is not connected records nothing; connecting again replaces the settings. */
export function decideMailbox(c: MailboxCommand, s: Mailbox): MailboxEvent[] {
  if (c.kind === 'disconnect') return s.connected ? [{ type: 'MailboxDisconnected', data: { userId: c.userId } }] : [];
  const { kind: _, ...data } = c;
  return [{ type: 'MailboxConnected', data }];
}

export const mailboxDecider: Decider<Mailbox, MailboxCommand, MailboxEvent> = {
  initialState: () => ({ connected: false }),
  evolve: (_s, e) => (e.type === 'MailboxConnected' ? { connected: true, ...e.data } : { connected: false }),
  decide: decideMailbox,
};
