import type { CommandContext } from '../../../commands/command-context';
import { THREAD_MESSAGES } from '../../../contract/thread';
import { validation } from '../../../shared/errors';

/** What the e-mail branch of `POST …/messages` hands the e-mail lane. */
export type LeadEmailRequest = {
  readonly lead: { readonly leadId: string; readonly siteId: string; readonly userId: string; readonly email: string };
  readonly byUserId: string;
  readonly subject: string;
  readonly body: string;
  readonly templateId: string | null;
  readonly ctx: CommandContext;
};

/*
 * EMAIL LANE — placeholder until CRM e-mail lands (issue 16, lane "email"). Replace both
 * functions with the e-mail lane's: `sendLeadEmail` composes (template, merge fields), sends
 * through the mail outbox with the thread's reply address, appends LeadEmailSent on
 * `email-{leadId}` and answers its messageId; `leadEmailRefusal` says why e-mail cannot go now
 * (null when it can). Until then e-mail answers 400 "E-mail is not available yet".
 */
export async function sendLeadEmail(_request: LeadEmailRequest): Promise<{ readonly messageId: string }> {
  throw validation(THREAD_MESSAGES.emailNotYet);
}

export const leadEmailRefusal = (): string | null => THREAD_MESSAGES.emailNotYet;
