import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { EventStore, type StreamAppend } from '../../../eventstore/event-store.port';
import { conflict } from '../../../shared/errors';
import { LEVEL, loadAccount, registrationAppends, toNewEvents, userIdByEmail } from '../../accounts';
import { leadRegistration } from '../lead-account';
import { initialLead, leadIdFor, leadStream } from '../lead';
import { officeContacts } from '../../../../projections/lead-feed';
import { type AddLead, decideAddLead } from './add-lead.decide';
import type { LeadTarget } from './lead-target';

export const EMAIL_IN_USE = 'Email already in use';

/** A lead added by hand: validated, its site and agent resolved (lead-target.ts). */
export class AddLeadCommand {
  constructor(
    readonly input: Pick<AddLead, 'fullName' | 'email' | 'phone' | 'leadType' | 'message' | 'listingPdid' | 'tags'>,
    readonly target: LeadTarget,
    readonly byUserId: string,
    readonly ctx: CommandContext,
  ) {}
}

/**
 * Adds a lead by hand (contract section 5a). An address that is already a lead of the office
 * (on any of its sites: the feed's word, then each site's lead stream, which is never stale) is
 * 409 'Email already in use', as is one that belongs to an agent, broker or staff member.
 * Otherwise the person's account (a new one when the address is new) gets a lead on the site,
 * assigned to the chosen agent, in one atomic append with the account. A new account is marked
 * as an import: the person gave no consent to texts (until they opt in themselves, the spec's
 * import opt-in), and e-mail is what every account starts with (an opt-out, with an
 * unsubscribe link in every mail); an existing account's consent is left as the person set it.
 */
@CommandHandler(AddLeadCommand)
export class AddLeadHandler implements ICommandHandler<AddLeadCommand, { leadId: string }> {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, target, byUserId, ctx }: AddLeadCommand): Promise<{ leadId: string }> {
    if ((await officeContacts(this.pool, target.officeId, target.agentId, input.email)).length > 0) throw conflict(EMAIL_IN_USE);
    const { result } = await decideAndAppend(this.store, async () => {
      const appends: StreamAppend[] = [];
      let userId = await userIdByEmail(this.store, input.email);
      if (userId) {
        const { account } = await loadAccount(this.store, userId);
        if (!account.exists || account.securityLevel !== LEVEL.lead) throw conflict(EMAIL_IN_USE);
        const owner = userId;
        const leads = await this.store.readStreams(target.officeSiteIds.map((s) => leadStream(leadIdFor(owner, s))));
        if (leads.size > 0) throw conflict(EMAIL_IN_USE);
      } else {
        userId = randomUUID();
        appends.push(
          ...registrationAppends(
            leadRegistration({
              userId,
              email: input.email,
              fullName: input.fullName,
              phone: input.phone,
              siteId: target.siteId,
              via: 'manual',
              from: `added by hand on ${target.subdomain}`,
              at: ctx.now.toISOString(),
            }),
            ctx,
          ),
        );
      }
      const leadId = leadIdFor(userId, target.siteId);
      const events = decideAddLead(
        {
          ...input,
          leadId,
          userId,
          siteId: target.siteId,
          via: 'manual',
          at: ctx.now.toISOString(),
          agentId: target.agentId,
          officeId: target.officeId,
          byUserId,
        },
        initialLead(),
      );
      appends.push({ streamId: leadStream(leadId), expected: 'no_stream', events: toNewEvents(events, ctx) });
      return { appends, result: { leadId } };
    });
    return result;
  }
}
