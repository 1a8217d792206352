import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../../commands/decider';
import { EventStore } from '../../../eventstore/event-store.port';
import { type AgentMailboxes, type MailMessage, Mailer, nodemailerMessage } from '../../messaging';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { assertReachable, MailboxProblem, smtpTransport } from '../connect/mail-servers';
import { MailboxSecrets, UNREADABLE_SECRET } from '../mailbox-secrets';
import { type Mailbox, mailboxDecider } from '../mailbox.decide';
import { mailboxStream } from '../mailbox.events';

/** An e-mail from the agent's own address through their own SMTP server, signed in with their (app) password. */
class AgentSmtpMailer extends Mailer {
  constructor(
    private readonly mailbox: Extract<Mailbox, { connected: true }>,
    private readonly password: string | null,
    private readonly allowPrivate: boolean,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    // Their own mailbox or none: an agent who connected theirs expects their e-mail from their address, so an unreadable password fails the send (named to them) instead of changing the sender.
    if (this.password === null) throw new MailboxProblem(UNREADABLE_SECRET, true);
    await assertReachable('SMTP', this.mailbox.smtp, this.allowPrivate);
    const transport = smtpTransport(this.mailbox.smtp, { username: this.mailbox.username, password: this.password });
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
    @Inject(MailboxSecrets) private readonly secrets: MailboxSecrets,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async mailerFor(userId: string): Promise<Mailer | null> {
    const mailbox = fold(mailboxDecider, (await this.store.readStream(mailboxStream(userId))) as never) as Mailbox;
    if (!mailbox.connected) return null;
    return new AgentSmtpMailer(mailbox, this.secrets.open(mailbox.secret), this.config.allowPrivateOutbound);
  }
}
