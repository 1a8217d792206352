import nodemailer from 'nodemailer';
import { type MailMessage, Mailer, messageIdOf } from './mailer.port';

/** Any SMTP relay, by SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailer extends Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail(nodemailerMessage(m, this.from));
  }
}

/** A message as nodemailer sends it from `from`, its Message-ID stable when it has a key. */
export function nodemailerMessage(m: MailMessage, from: string) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    replyTo: m.replyTo,
    headers: m.headers,
    attachments: m.attachments?.map((a) => ({ ...a })),
    ...(m.messageKey ? { messageId: messageIdOf(m.messageKey, from) } : {}),
  };
}
