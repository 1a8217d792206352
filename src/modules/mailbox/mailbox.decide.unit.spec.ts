import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import { type Mailbox, decideMailbox, mailboxDecider } from './mailbox.decide';
import type { MailboxEvent } from './mailbox.events';

const sealed = (data: string) => ({ v: 1 as const, iv: 'iv', tag: 'tag', data });
const server = { host: 'imap.gmail.com', port: 993, secure: true };
const connected = (data: string): MailboxEvent => ({
  type: 'MailboxConnected',
  data: { userId: 'u', provider: 'gmail', address: 'a@gmail.com', username: 'a@gmail.com', imap: server, smtp: server, secret: sealed(data), auth: 'oauth2' },
});

describe('a renewed refresh token', () => {
  it('replaces the one it was renewed from, and never the token of a mailbox connected anew or disconnected since', () => {
    const state = (events: MailboxEvent[]) => fold(mailboxDecider, events.map((e) => ({ ...e })) as never) as Mailbox;
    const renew = { kind: 'renew' as const, userId: 'u', secret: sealed('new'), replaces: 'old' };
    const renewed = decideMailbox(renew, state([connected('old')]));
    expect(renewed).toEqual([{ type: 'MailboxTokenRenewed', data: { userId: 'u', secret: sealed('new') } }]);
    expect(state([connected('old'), ...renewed])).toMatchObject({ connected: true, secret: sealed('new') });
    expect(decideMailbox(renew, state([connected('old'), connected('again')]))).toEqual([]);
    expect(decideMailbox(renew, state([connected('old'), { type: 'MailboxDisconnected', data: { userId: 'u' } }]))).toEqual([]);
  });
});
