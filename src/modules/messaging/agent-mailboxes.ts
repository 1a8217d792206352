import { type MailMessage, Mailer } from './mailer.port';

/**
 * The agents' own mailboxes, as the mail port sees them (the mailbox context provides it): the
 * sender of an agent's e-mail through their own SMTP server and address, or null when they have
 * none connected.
 */
export abstract class AgentMailboxes {
  abstract mailerFor(userId: string): Promise<Mailer | null>;
}

/** The Mailer: an e-mail an agent wrote (`sentBy`) leaves through their own mailbox when connected, everything else through the product's. */
export class AgentAwareMailer extends Mailer {
  constructor(
    private readonly product: Mailer,
    private readonly agents: AgentMailboxes | null,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    const own = m.sentBy && this.agents ? await this.agents.mailerFor(m.sentBy) : null;
    await (own ?? this.product).send(m);
  }
}
