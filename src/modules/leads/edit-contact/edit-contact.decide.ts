import type { Decider } from '../../../commands/decider';
import { parseEmail } from '../../../contract/email';
import { normalizeCellPhone } from '../../../contract/phone';
import { INQUIRY_MESSAGES, MIN_INQUIRY_PHONE_LENGTH, nameWords } from '../../../contract/validate-inquiry';
import { notFound, validation } from '../../../shared/errors';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';

/**
 * An agent corrects the lead's contact fields; what is left out stays. `phone: null` removes the
 * phone. Only the lead's record changes: the lead's account (its address, cell and consents) is
 * the lead's own, so an edit never grants consent to be e-mailed or texted.
 */
export type EditContact = { readonly fullName?: string; readonly email?: string; readonly phone?: string | null; readonly byUserId: string };

/** The inquiry form's rules and messages (a name of one word is fine: agents often know only that). */
function contactOf(c: EditContact, lead: Extract<Lead, { exists: true }>): { fullName: string; email: string; phone: string | null } {
  const fullName = c.fullName === undefined ? lead.fullName : c.fullName.trim().replace(/\s+/g, ' ');
  if (!fullName) throw validation(INQUIRY_MESSAGES.name);
  if (nameWords(fullName).some((w) => w.replace(/[^\p{L}]/gu, '').length === 0)) throw validation(INQUIRY_MESSAGES.validName);
  const email = c.email === undefined ? lead.email : parseEmail(c.email);
  if (email === null) throw validation(INQUIRY_MESSAGES.email);
  let phone = lead.phone;
  if (c.phone === null) phone = null;
  else if (c.phone !== undefined) {
    const typed = c.phone.trim();
    if (typed.length < MIN_INQUIRY_PHONE_LENGTH) throw validation(INQUIRY_MESSAGES.phone);
    phone = normalizeCellPhone(typed) ?? typed;
  }
  return { fullName, email, phone };
}

/** The same name, address and phone append nothing. */
export function decideEditContact(c: EditContact, state: Lead): LeadEvent[] {
  if (!state.exists) throw notFound();
  const next = contactOf(c, state);
  if (next.fullName === state.fullName && next.email === state.email && next.phone === state.phone) return [];
  return [{ type: 'LeadContactEdited', data: { leadId: state.leadId, siteId: state.siteId, ...next, byUserId: c.byUserId } }];
}

export const editContactDecider: Decider<Lead, EditContact, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decideEditContact };
