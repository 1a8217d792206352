import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { officeContacts } from '../../../../projections/lead-feed';
import type { CommandContext } from '../../../commands/command-context';
import type { Decider } from '../../../commands/decider';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { DB_POOL } from '../../../runtime/tokens';
import { AppError, conflict, validation } from '../../../shared/errors';
import type { Viewer } from '../../../shared/viewer/viewer';
import { LEVEL, loadAccount, parseEmail, userIdByEmail } from '../../accounts';
import {
  decideTagLead,
  evolveLead,
  initialLead,
  type InquiryResult,
  type Lead,
  type LeadEvent,
  leadIdFor,
  leadStream,
  loadLead,
  resolveLeadTarget,
  SubmitInquiryCommand,
  submitInquiryDecider,
} from '../../leads';
import { formatPhone } from '../../../contract/phone';
import { isPlaceholderEmail, textLeadEmail } from '../../../contract/thread';
import { phoneE164, storedPhone } from '../../../contract/phone-number';
import { INTAKE_IN_PROGRESS, leadIntakeDecider, leadIntakeStream } from './lead-intake.decide';

import type { IntakeInput } from '../../../contract/lead-intake';
export type { IntakeInput };
export type IntakeAnswer = { readonly leadId: string; readonly created: boolean };

/** Refusals of a person who cannot be reached: the inquiry form's own words where one of the two was given. */
export const INTAKE_MESSAGES = {
  needsContact: 'person needs a valid e-mail address or phone number',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
} as const;
const WAIT_FOR_TWIN_MS = 10_000;

/** Adds tags to those the lead has (the tag decider takes the whole list). */
const addTagsDecider: Decider<Lead, { tags: readonly string[]; byUserId: string }, LeadEvent> = {
  initialState: initialLead,
  evolve: evolveLead,
  decide: (c, s) => decideTagLead({ tags: [...(s.exists ? s.tags : []), ...c.tags], byUserId: c.byUserId }, s),
};

/**
 * The lead intake every outside source shares: a person the office has (by an e-mail, then a
 * phone) gets the inquiry on their lead's timeline (created: false); a new person becomes a lead
 * through the site inquiry's own command, so routing, the speed-to-lead notice, plans and pushes
 * follow as for any inquiry, with the source fixed at first touch. With an `externalId` the same
 * delivery again (on any instance, at the same moment too) gives the first answer and applies
 * nothing twice.
 */
@Injectable()
export class LeadIntake {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async take(input: IntakeInput, viewer: Viewer, ctx: CommandContext): Promise<IntakeAnswer> {
    const contact = contactOf(input.person);
    const target = await resolveLeadTarget(this.store, this.pool, viewer, {});
    if (!input.externalId) return this.apply(input, contact, target, viewer, ctx);
    const key = { officeId: target.officeId ?? target.agentId, source: input.source, externalId: input.externalId };
    const streamId = leadIntakeStream(key);
    const until = Date.now() + WAIT_FOR_TWIN_MS;
    for (;;) {
      const at = new Date().toISOString();
      try {
        const claimed = await handleCommand(this.store, streamId, leadIntakeDecider, { kind: 'claim', ...key, at }, ctx);
        if (claimed.state.answer) return claimed.state.answer;
        break;
      } catch (err) {
        if ((err as Error).message !== INTAKE_IN_PROGRESS || Date.now() > until) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const answer = await this.apply(input, contact, target, viewer, ctx);
    const recorded = await handleCommand(this.store, streamId, leadIntakeDecider, { kind: 'record', ...key, ...answer, at: new Date().toISOString() }, ctx);
    return recorded.state.answer ?? answer;
  }

  private async apply(
    input: IntakeInput,
    { email, phone, phones }: Contact,
    target: Awaited<ReturnType<typeof resolveLeadTarget>>,
    viewer: Viewer,
    ctx: CommandContext,
  ): Promise<IntakeAnswer> {
    const p = input.person;
    const fullName = (
      p.fullName?.trim() ||
      [p.firstName, p.lastName]
        .map((s) => s?.trim())
        .filter(Boolean)
        .join(' ') ||
      (isPlaceholderEmail(email) ? formatPhone(phone) : email)
    ).slice(0, 200);
    const inquiry = {
      siteId: target.siteId,
      listingPdid: null,
      leadType: input.type?.trim() || 'Inquiry',
      fullName,
      email,
      phone,
      message: messageOf(input),
      resumeUrl: null,
      firstTouch: { src: input.source, referrer: null, at: ctx.now.toISOString() },
    };
    const existing = await this.existingLead(email, phones, target);
    let answer: IntakeAnswer;
    if (existing) {
      const lead = existing;
      await handleCommand(
        this.store,
        leadStream(lead.leadId),
        submitInquiryDecider,
        { ...inquiry, siteId: lead.siteId, leadId: lead.leadId, userId: lead.userId },
        ctx,
      );
      answer = { leadId: lead.leadId, created: false };
    } else {
      const owner = await userIdByEmail(this.store, email);
      if (owner) {
        const { account } = await loadAccount(this.store, owner);
        // An agent's or staff member's own address is not a lead's.
        if (!account.exists || account.securityLevel !== LEVEL.lead) throw conflict('Email already in use');
      }
      let r: InquiryResult;
      try {
        r = await this.commands.execute<SubmitInquiryCommand, InquiryResult>(
          new SubmitInquiryCommand(inquiry, { siteId: target.siteId, subdomain: target.subdomain }, owner, ctx),
        );
      } catch (err) {
        // Two deliveries of one new person at once: the other made the account; this one joins its lead.
        if (owner || !(err instanceof AppError) || err.code !== 'conflict') throw err;
        return this.apply(input, { email, phone, phones }, target, viewer, ctx);
      }
      answer = { leadId: r.leadId, created: true };
    }
    if (input.tags?.length) await handleCommand(this.store, leadStream(answer.leadId), addTagsDecider, { tags: input.tags, byUserId: viewer.userId }, ctx);
    return answer;
  }

  /** The office's lead for this person: by e-mail (a phone-only person's placeholder too) on the write side (never stale), else by a phone in the office's contacts. */
  private async existingLead(
    email: string,
    phones: readonly string[],
    target: Awaited<ReturnType<typeof resolveLeadTarget>>,
  ): Promise<Extract<Lead, { exists: true }> | null> {
    const owner = await userIdByEmail(this.store, email);
    if (owner) {
      for (const siteId of target.officeSiteIds) {
        const { lead } = await loadLead(this.store, leadIdFor(owner, siteId));
        if (lead.exists) return lead;
      }
    }
    // Compared in E.164: a contact's phone stored as ten digits, or as someone typed it, is the same number.
    const wanted = new Set(phones.map((x) => phoneE164(x)));
    if (wanted.size === 0) return null;
    const match = (await officeContacts(this.pool, target.officeId, target.agentId)).find((c) => wanted.has(phoneE164(c.phone)));
    if (!match) return null;
    const { lead } = await loadLead(this.store, match.leadId);
    return lead.exists ? lead : null;
  }
}

type Contact = { readonly email: string; readonly phone: string; readonly phones: readonly string[] };

/**
 * How the intake reaches and recognises the person: their first valid e-mail, else the placeholder
 * of their first valid phone (normalised, so one number written two ways is one person).
 */
function contactOf(person: IntakeInput['person']): Contact {
  const phones = person.phones.map((x) => storedPhone(x)).filter((x): x is string => x !== null);
  const email = person.emails.map((e) => parseEmail(e)).find((e): e is string => !!e);
  const phone = phones[0] ?? '';
  if (email) return { email, phone, phones };
  if (phone) return { email: textLeadEmail(phone), phone, phones };
  if (person.phones.some((x) => x.trim())) throw validation(INTAKE_MESSAGES.phone);
  if (person.emails.some((x) => x.trim())) throw validation(INTAKE_MESSAGES.email);
  throw validation(INTAKE_MESSAGES.needsContact);
}

/** The message as the timeline shows it: the person's words, then the property they asked about. */
function messageOf(input: IntakeInput): string {
  const pr = input.property;
  const place = pr ? [pr.street, [pr.city, [pr.state, pr.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ') : '';
  const lines = [
    input.message?.trim() ?? '',
    place && `Property: ${place}`,
    pr?.mlsNumber && `MLS #: ${pr.mlsNumber}`,
    pr?.price !== undefined && `Price: $${pr.price.toLocaleString('en-US')}`,
    pr?.url && `Listing: ${pr.url}`,
  ].filter((l): l is string => typeof l === 'string' && l.length > 0);
  return lines.join('\n').slice(0, 5000);
}
