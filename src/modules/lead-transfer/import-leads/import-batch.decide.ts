import { type DuplicatePolicy, emailKey, IMPORT_MESSAGES, type ImportRow, phoneKey, tooLong, unionTags } from '../../../contract/lead-import';
import { nameWords, validateInquiry } from '../../../contract/validate-inquiry';
import { decideAddLead } from '../../leads';
import { mayView, type Viewer } from '../../../shared/viewer/viewer';
import { composeInquiryMessage } from '../../leads';
import { evolveLead, initialLead, type Lead, leadIdFor } from '../../leads';
import type { ImportRowOutcome } from '../lead-transfer.events';
import type { LeadEvent } from '../../leads/leads.events';

/** One data row, mapped: its spreadsheet row number and the inquiry it stands for. */
export type ImportLine = ImportRow & { readonly row: number };

/** The import's choices, the same for every row. */
export type ImportChoices = {
  readonly importId: string;
  readonly siteId: string;
  readonly agentId: string;
  readonly officeId: string | null;
  readonly byUserId: string;
  readonly viewer: Viewer;
  readonly policy: DuplicatePolicy;
  readonly allowPartialName: boolean;
  /** When the batch is decided (ISO): the first touch of its leads. */
  readonly at: string;
  /** The id of a new account for a row (stable per import and row, so a retry lands on the same one). */
  readonly newUserId: (row: number) => string;
};

/** Who a batch might duplicate, as read before deciding it. Never changed by deciding. */
export type ImportKnown = {
  /** The office's leads and the leads earlier rows of the file made or merged into, by e-mail key and phone key. */
  readonly byEmail: ReadonlyMap<string, string>;
  readonly byPhone: ReadonlyMap<string, string>;
  /** Leads that earlier rows of this file made. */
  readonly fromFile: ReadonlySet<string>;
  /** The accounts that hold the batch's addresses. */
  readonly owners: ReadonlyMap<string, { readonly userId: string; readonly securityLevel: number }>;
  /** The leads read for this batch (the owners' leads on the site, the leads rows match). */
  readonly leads: ReadonlyMap<string, Lead>;
};

/** A new account for a row (the handler registers it with the lead: lead-account.ts). */
export type NewImportAccount = { readonly userId: string; readonly email: string; readonly fullName: string; readonly phone: string };

export type RowDecision = {
  readonly outcome: ImportRowOutcome;
  /** Events for the lead `outcome.leadId` (a new lead, or a merge); empty when nothing changes. */
  readonly events: readonly LeadEvent[];
  readonly account: NewImportAccount | null;
};

/**
 * Decides a batch of rows in file order. A row is refused with the inquiry's first failing
 * message; then it is a duplicate when its e-mail or phone (normalised) is a lead of the office
 * or of an earlier row, and the policy says what happens: skip (left as it is), merge (the
 * lead's empty phone filled, the row's tags added: only on a lead the importer may work, else
 * skipped) or create (a new lead anyway, unless its e-mail already has a lead on this site: one
 * lead per person and site). A new lead belongs to the account that holds its address, or to a
 * new imported account; an address held by an agent, broker or staff member cannot be a lead.
 */
export function decideImportBatch(lines: readonly ImportLine[], c: ImportChoices, known: ImportKnown): RowDecision[] {
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  const fromFile = new Set<string>();
  const owners = new Map<string, { userId: string; securityLevel: number }>();
  const leads = new Map<string, Lead>();
  const leadOf = (id: string) => leads.get(id) ?? known.leads.get(id);
  const learn = (leadId: string, email: string | null, phone: string | null) => {
    if (email && !byEmail.has(email) && !known.byEmail.has(email)) byEmail.set(email, leadId);
    if (phone && !byPhone.has(phone) && !known.byPhone.has(phone)) byPhone.set(phone, leadId);
  };

  const decideRow = (line: ImportLine): RowDecision => {
    const v = line.values;
    const problem =
      tooLong(line) ?? validateInquiry({ FullName: v.FullName ?? '', Email: v.Email ?? '', Phone: v.Phone ?? '' }, { allowPartialName: c.allowPartialName });
    const none = (outcome: ImportRowOutcome['outcome'], leadId: string | null, message: string): RowDecision => ({
      outcome: { row: line.row, outcome, leadId, message },
      events: [],
      account: null,
    });
    if (problem) return none('rejected', null, problem);
    const email = emailKey(v.Email)!;
    const phone = phoneKey(v.Phone);
    const owner = owners.get(email) ?? known.owners.get(email);
    const ownLeadId = owner ? leadIdFor(owner.userId, c.siteId) : null;
    const ownLeadHere = ownLeadId !== null && leadOf(ownLeadId)?.exists === true;
    const match =
      byEmail.get(email) ??
      known.byEmail.get(email) ??
      (ownLeadHere ? ownLeadId! : undefined) ??
      (phone ? (byPhone.get(phone) ?? known.byPhone.get(phone)) : undefined);
    const duplicateMessage = (leadId: string) =>
      fromFile.has(leadId) || known.fromFile.has(leadId) ? IMPORT_MESSAGES.duplicateInFile : IMPORT_MESSAGES.duplicate;

    if (match !== undefined && c.policy !== 'create') {
      if (c.policy === 'skip') return none('duplicate', match, duplicateMessage(match));
      const lead = leadOf(match);
      if (!lead?.exists || !mayView(c.viewer, lead)) return none('duplicate', match, IMPORT_MESSAGES.otherAgentsLead);
      const events = decideMergeIntoLead({ phone: v.Phone ?? null, tags: line.tags, byUserId: c.byUserId }, lead);
      leads.set(match, events.reduce(evolveLead, lead));
      learn(match, email, phone);
      return { outcome: { row: line.row, outcome: 'merged', leadId: match, message: IMPORT_MESSAGES.merged }, events, account: null };
    }
    // Create: a new lead, unless the address already has one on this site.
    if (ownLeadHere) return none('duplicate', ownLeadId, duplicateMessage(ownLeadId!));
    if (owner && owner.securityLevel !== 5) return none('rejected', null, IMPORT_MESSAGES.emailInUse);
    const userId = owner?.userId ?? c.newUserId(line.row);
    const leadId = leadIdFor(userId, c.siteId);
    const fullName = nameWords(v.FullName!).join(' ');
    const events = decideAddLead(
      {
        leadId,
        userId,
        siteId: c.siteId,
        fullName,
        email,
        phone: v.Phone!,
        leadType: v.LeadType ?? 'Inquiry',
        message: composeInquiryMessage(v),
        listingPdid: null,
        via: 'import',
        at: c.at,
        agentId: c.agentId,
        officeId: c.officeId,
        byUserId: c.byUserId,
        tags: line.tags,
      },
      initialLead(),
    );
    leads.set(leadId, events.reduce(evolveLead, initialLead()));
    if (!owner) owners.set(email, { userId, securityLevel: 5 });
    fromFile.add(leadId);
    learn(leadId, email, phone);
    const account: NewImportAccount | null = owner ? null : { userId, email, fullName, phone: v.Phone! };
    return { outcome: { row: line.row, outcome: 'imported', leadId, message: null }, events, account };
  };

  return lines.map(decideRow);
}

/** A merge fills what the lead lacks (its phone) and adds the row's tags; the name and e-mail it has are kept. */
export function decideMergeIntoLead(
  c: { readonly phone: string | null; readonly tags: readonly string[]; readonly byUserId: string },
  lead: Lead,
): LeadEvent[] {
  if (!lead.exists) return [];
  const events: LeadEvent[] = [];
  if (!lead.phone?.trim() && c.phone?.trim()) {
    events.push({
      type: 'LeadContactEdited',
      data: { leadId: lead.leadId, siteId: lead.siteId, fullName: lead.fullName, email: lead.email, phone: c.phone.trim(), byUserId: c.byUserId },
    });
  }
  const tags = unionTags(lead.tags, c.tags);
  if (tags.length !== lead.tags.length)
    events.push({ type: 'LeadTagsChanged', data: { leadId: lead.leadId, siteId: lead.siteId, tags, byUserId: c.byUserId } });
  return events;
}
