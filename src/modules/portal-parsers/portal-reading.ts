import type { IntakeInput } from '../../contract/lead-intake';
import { type LeadDraft, intakeOf } from './lead-fields';

/** An inbound e-mail as Mailgun's inbound route posts it (the parts the readers use). */
export type InboundPortalMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  spf: string | null;
  dkim: string | null;
  headers: Readonly<Record<string, string>>;
};

/** A lead read from a portal's mail or delivery, or the sentence the broker reads when it cannot be. */
export type PortalReading = { ok: true; portal: string; lead: IntakeInput } | { ok: false; reason: string };

export const notRead = (reason: string): PortalReading => ({ ok: false, reason });

export const NO_CONTACT = 'No e-mail address or phone in the message';

/** The reading of a draft: a lead when there is a way to reach the person, else the reason. */
export function readingOf(portal: string, source: string, draft: LeadDraft): PortalReading {
  const lead = intakeOf(source, draft);
  if (lead.person.emails.length === 0 && lead.person.phones.length === 0) return notRead(NO_CONTACT);
  return { ok: true, portal, lead };
}
