import type { AddressObject, ParsedMail } from 'mailparser';
import type { Decider } from '../../../commands/decider';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../../../contract/lead-email';
import { stableId } from '../../../shared/stable-id';
import { leadEmailDecider, trimQuotedHistory } from '../../conversation';
import type { LeadEmailSent } from '../../conversation';

type LeadEmails = ReturnType<typeof leadEmailDecider.initialState>;

/**
 * A lead's message id for a mail read from a mailbox: by its Message-ID header, in the same form
 * the inbound route (Mailgun) uses, so one message that reaches the thread both ways is one item;
 * without the header, by its place in the mailbox (folder, UIDVALIDITY, UID), which never names
 * another message.
 */
export function copiedMessageId(leadId: string, messageIdHeader: string | undefined, place: string): string {
  const header = messageIdHeader?.trim();
  return stableId(`inbound email ${leadId} ${header ? `id ${header}` : `mailbox ${place}`}`);
}

/** The new words of a message: its plain text (else its HTML's text) with the quoted history trimmed. */
export function newWordsOf(mail: ParsedMail): string {
  const text = mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]*>/g, ' ') : '');
  return trimQuotedHistory(text.replace(/\r\n?/g, '\n')).trim().slice(0, EMAIL_BODY_MAX);
}

export const subjectOf = (mail: ParsedMail): string =>
  (mail.subject ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, EMAIL_SUBJECT_MAX);

/** Every address of a header (To, Cc, From), lower case. */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((g) => g.value.flatMap((a) => [a.address, ...(a.group ?? []).map((m) => m.address)])).flatMap((a) => (a ? [a.toLowerCase()] : []));
}

/** An e-mail the agent sent a lead from their own client: recorded once by its message id, never queued to be sent. */
export const mailCopyDecider: Decider<LeadEmails, LeadEmailSent['data'], LeadEmailSent> = {
  initialState: leadEmailDecider.initialState,
  evolve: (s, e) => leadEmailDecider.evolve(s, e),
  decide: (c, s) => (s.has(c.messageId) ? [] : [{ type: 'LeadEmailSent', data: { ...c, fromMailbox: true } }]),
};
