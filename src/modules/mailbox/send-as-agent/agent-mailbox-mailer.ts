import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../../commands/decider';
import { EventStore } from '../../../eventstore/event-store.port';
import { type AgentMailboxes, type MailMessage, Mailer, nodemailerMessage } from '../../messaging';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { assertReachable, smtpTransport } from '../connect/mail-servers';
import { MailboxLogins } from '../oauth/mailbox-logins';
import { type Mailbox, mailboxDecider } from '../mailbox.decide';
import { mailboxStream } from '../mailbox.events';

/** An e-mail from the agent's own address through their own SMTP server, signed in with their (app) password or OAuth token. */
class AgentSmtpMailer extends Mailer {
  constructor(
    private readonly mailbox: Extract<Mailbox, { connected: true }>,
    private readonly logins: MailboxLogins,
    private readonly allowPrivate: boolean,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    // Their own mailbox or none: an agent who connected theirs expects their e-mail from their address, so an unreadable password or a revoked token fails the send (named to them) instead of changing the sender.
    const login = await this.logins.loginFor(this.mailbox);
    await assertReachable('SMTP', this.mailbox.smtp, this.allowPrivate);
    const transport = smtpTransport(this.mailbox.smtp, login);
    try {
      await transport.sendMail(nodemailerMessage(m, this.mailbox.address));
    } finally {
      transport.close();
    }
  }
}

/** The mailbox context's side of messaging's AgentMailboxes port. */
@Injectable()
export class ConnectedAgentMailboxes implements AgentMailboxes {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(MailboxLogins) private readonly logins: MailboxLogins,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async mailerFor(userId: string): Promise<Mailer | null> {
    const mailbox = fold(mailboxDecider, (await this.store.readStream(mailboxStream(userId))) as never) as Mailbox;
    if (!mailbox.connected) return null;
    return new AgentSmtpMailer(mailbox, this.logins, this.config.allowPrivateOutbound);
  }
}
