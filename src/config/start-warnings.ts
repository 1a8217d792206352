import type { Config } from './config';

/**
 * What a production start is missing that does not stop it but that an operator must not
 * overlook: each is logged at start as a warning of its own. Outside production nothing is
 * missing (the outboxes and plain HTTP are the development set-up).
 */
export function startWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (!config.mail.smtpUrl) {
    warnings.push(
      'NO E-MAIL IS DELIVERED: SMTP_URL is not set, so password resets, verification links and alerts only go to the mail_outbox table. Set SMTP_URL to your relay.',
    );
  }
  if (!config.twilio)
    warnings.push('No text is delivered: TWILIO_* is not set, so texts only go to the sms_outbox table (and the inbound SMS webhook is off).');
  if (!config.inboundEmail.mailgunSigningKey) {
    warnings.push(
      "No e-mail reply reaches the CRM: MAILGUN_WEBHOOK_SIGNING_KEY is not set, so POST /api/inbound/email does not exist and replies to agents' e-mails are lost.",
    );
  }
  if (config.allowPrivateOutbound) {
    warnings.push(
      'ALLOW_PRIVATE_OUTBOUND is on: MLS feed and token URLs that staff set may lead to loopback, private or link-local addresses of this network. Turn it off unless your MLS really is on a private network.',
    );
  }
  if (!config.publicUrl.startsWith('https:')) {
    warnings.push(
      `PUBLIC_URL is not https (${config.publicUrl}): cookies are not marked Secure and no Strict-Transport-Security is sent. Serve the site over HTTPS and set PUBLIC_URL to its https address.`,
    );
  }
  return warnings;
}
