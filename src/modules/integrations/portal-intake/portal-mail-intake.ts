import { systemContext } from '../../../commands/command-context';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { officeOfToken } from '../lead-flow/intake-tokens';
import { type InboundPortalMail, readPortalEmail } from '../../portal-parsers';
import { deliveryIdOf, digestOf, IntakeDeliveries, prefillOf } from './intake-deliveries';

type Form = Record<string, unknown>;
const field = (form: Form, name: string): string | null => {
  const v = form[name];
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : null;
};

/** Mailgun's `message-headers` (a JSON list of [name, value]) as one value per name, lower-cased names. */
function headersOf(form: Form): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    const list = JSON.parse(field(form, 'message-headers') ?? '[]') as unknown;
    if (Array.isArray(list)) for (const h of list) if (Array.isArray(h) && typeof h[1] === 'string') out[String(h[0]).toLowerCase()] ??= h[1];
  } catch {
    // No headers: the verdicts read below are then unknown (null).
  }
  return out;
}

/** The intake address in a recipient list: `<token>@INBOUND_EMAIL_DOMAIN`. */
function intakeTokenIn(recipients: string, domain: string): string | null {
  for (const raw of recipients.split(',')) {
    const address = (/<([^>]+)>/.exec(raw)?.[1] ?? raw).trim().toLowerCase();
    const m = /^([0-9a-f]{32})@([^@\s]+)$/.exec(address);
    if (m && m[2] === domain.toLowerCase()) return m[1]!;
  }
  return null;
}

/**
 * The office's intake address: the inbound e-mail webhook, once Mailgun's
 * signature is checked, hands over mail to an intake address. The mail is read by the portal
 * parsers (with the SPF and DKIM verdicts Mailgun passes); a lead goes through the lead intake,
 * anything else is kept on the office's unread list. An address no office holds (unknown or
 * replaced) is not ours (`null`: the webhook answers as for any address it does not know).
 */
@Injectable()
export class PortalMailIntake {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(IntakeDeliveries) private readonly deliveries: IntakeDeliveries,
  ) {}

  isIntakeAddress(recipient: string): boolean {
    return intakeTokenIn(recipient, this.config.inboundEmail.domain) !== null;
  }

  /** Answers what the webhook sends back (200 either way: Mailgun must not retry a kept mail), or null for an address no office holds. */
  async receive(form: Form, messageId: string | null): Promise<{ message: string } | null> {
    const token = intakeTokenIn(field(form, 'recipient') ?? '', this.config.inboundEmail.domain);
    const office = token ? await officeOfToken(this.store, token, 'email') : null;
    if (!office) return null;
    const headers = headersOf(form);
    const mail: InboundPortalMail = {
      from: field(form, 'from') ?? field(form, 'sender') ?? '',
      to: field(form, 'recipient') ?? '',
      subject: (field(form, 'subject') ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
      text: field(form, 'body-plain') ?? '',
      html: field(form, 'body-html'),
      spf: field(form, 'X-Mailgun-Spf') ?? headers['x-mailgun-spf'] ?? null,
      dkim: field(form, 'X-Mailgun-Dkim-Check-Result') ?? headers['x-mailgun-dkim-check-result'] ?? null,
      headers,
    };
    const reading = readPortalEmail(mail);
    const sender = (/<([^<>]+)>\s*$/.exec(mail.from)?.[1] ?? mail.from).trim();
    const ctx = systemContext();
    try {
      await this.deliveries.take(
        office.officeId,
        reading,
        {
          deliveryId: deliveryIdOf(office.officeId, 'email', messageId ?? digestOf(`${mail.from}\n${mail.subject}\n${mail.text}`)),
          channel: 'email',
          from: sender.slice(0, 254),
          subject: mail.subject,
          text: mail.text,
          prefill: prefillOf(mail.text, reading.ok ? reading.lead : null, sender),
        },
        ctx,
      );
      return { message: 'Received' };
    } catch (err) {
      // Kept on the unread list: received all the same (a retry would add nothing).
      if ((err as { getStatus?: () => number }).getStatus?.() === 422) return { message: 'Kept for the broker' };
      throw err;
    }
  }
}
