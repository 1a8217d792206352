import type { Decider } from '../../../commands/decider';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '../../../contract/lead-email';
import { type MergeValues, renderMergeFields, unknownMergeFields, unknownMergeFieldsMessage } from '../../../contract/merge-fields';
import { assertNever, forbidden, validation } from '../../../shared/errors';
import type { LeadEmailEvent, LeadEmailReceived, LeadEmailSent } from '../conversation.events';

/** The e-mails of one lead's thread (`email-{leadId}`) by messageId: a repeat is recognised, never recorded twice. */
export type LeadEmails = ReadonlySet<string>;

export const EMAIL_UNSUBSCRIBED = 'This lead unsubscribed from e-mail, so no e-mail can be sent to them';
export const NO_EMAIL_ADDRESS = 'This lead has no e-mail address';

/**
 * Send: the agent's subject and body as typed (merge fields not yet filled), with this lead's
 * values and the facts the caller read: e-mail consent from the accounts ledger, and whether
 * the lead has an address. Receive: a reply that came to the thread's address.
 */
export type LeadEmailCommand =
  // The event's fields, with subject and body before their merge fields are filled.
  | ({ readonly kind: 'send'; readonly values: MergeValues; readonly emailConsent: boolean; readonly hasAddress: boolean } & LeadEmailSent['data'])
  | ({ readonly kind: 'receive' } & LeadEmailReceived['data']);

export const evolveLeadEmails = (s: LeadEmails, e: LeadEmailEvent): LeadEmails => new Set(s).add(e.data.messageId);

/** What the agent wrote, checked and filled for this lead: the subject and body as they will be sent. */
export function composeLeadEmail(subject: string, body: string, values: MergeValues): { readonly subject: string; readonly body: string } {
  const unknown = unknownMergeFields(subject, body);
  if (unknown.length) throw validation(unknownMergeFieldsMessage(unknown));
  if (/[\r\n]/.test(subject)) throw validation('A subject is one line');
  const filled = { subject: renderMergeFields(subject, values).trim(), body: renderMergeFields(body.replace(/\r\n?/g, '\n'), values).trim() };
  if (!filled.subject) throw validation('Please enter a subject');
  if (filled.subject.length > EMAIL_SUBJECT_MAX) throw validation(`A subject has at most ${EMAIL_SUBJECT_MAX} characters`);
  if (!filled.body) throw validation('Please write the message');
  if (filled.body.length > EMAIL_BODY_MAX) throw validation(`A message has at most ${EMAIL_BODY_MAX} characters`);
  return filled;
}

export function decideLeadEmail(c: LeadEmailCommand, s: LeadEmails): LeadEmailEvent[] {
  // A retried send or a redelivered reply is already in the thread.
  if (s.has(c.messageId)) return [];
  switch (c.kind) {
    case 'send': {
      if (!c.emailConsent) throw forbidden(EMAIL_UNSUBSCRIBED);
      if (!c.hasAddress) throw validation(NO_EMAIL_ADDRESS);
      const { subject, body } = composeLeadEmail(c.subject, c.body, c.values);
      return [
        {
          type: 'LeadEmailSent',
          data: { leadId: c.leadId, siteId: c.siteId, messageId: c.messageId, byUserId: c.byUserId, subject, body, templateId: c.templateId },
        },
      ];
    }
    case 'receive': {
      const { kind: _, ...data } = c;
      return [{ type: 'LeadEmailReceived', data }];
    }
    default:
      return assertNever(c);
  }
}

export const leadEmailDecider: Decider<LeadEmails, LeadEmailCommand, LeadEmailEvent> = {
  initialState: () => new Set(),
  evolve: evolveLeadEmails,
  decide: decideLeadEmail,
};
