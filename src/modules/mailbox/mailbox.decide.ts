import type { Decider } from '../../commands/decider';
import type { MailboxConnected, MailboxEvent, MailboxTokenRenewed } from './mailbox.events';

export type Mailbox = { readonly connected: false } | ({ readonly connected: true } & MailboxConnected['data']);

export type MailboxCommand =
  | ({ readonly kind: 'connect' } & MailboxConnected['data'])
  | { readonly kind: 'disconnect'; readonly userId: string }
  | ({ readonly kind: 'renew'; readonly replaces: string } & MailboxTokenRenewed['data']);

/** Disconnecting what is not connected records nothing; connecting again replaces the settings. */
export function decideMailbox(c: MailboxCommand, s: Mailbox): MailboxEvent[] {
  // `replaces`: the sealed token it was renewed from; a mailbox disconnected or connected anew since holds another, which stays.
  if (c.kind === 'renew')
    return s.connected && s.auth === 'oauth2' && s.secret.data === c.replaces
      ? [{ type: 'MailboxTokenRenewed', data: { userId: c.userId, secret: c.secret } }]
      : [];
  if (c.kind === 'disconnect') return s.connected ? [{ type: 'MailboxDisconnected', data: { userId: c.userId } }] : [];
  const { kind: _, ...data } = c;
  return [{ type: 'MailboxConnected', data }];
}

export const mailboxDecider: Decider<Mailbox, MailboxCommand, MailboxEvent> = {
  initialState: () => ({ connected: false }),
  evolve: (s, e) => {
    if (e.type === 'MailboxConnected') return { connected: true, ...e.data };
    if (e.type === 'MailboxTokenRenewed') return s.connected ? { ...s, secret: e.data.secret } : s;
    return { connected: false };
  },
  decide: decideMailbox,
};
