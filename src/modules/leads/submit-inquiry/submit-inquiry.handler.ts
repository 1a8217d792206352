import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore, type StreamAppend } from '../../../eventstore/event-store.port';
import { conflict } from '../../../shared/errors';
import { appendAtomically, registrationAppends, signedIn, toNewEvents, userIdByEmail } from '../../accounts';
import { leadRegistration } from '../lead-account';
import { initialLead, leadIdFor, leadStream } from '../lead';
import { leadAccountOn } from '../lead-account-on';
import { decideSubmitInquiry, type SubmitInquiry, submitInquiryDecider } from './submit-inquiry.decide';

/**
 * A validated inquiry on a site, by whoever is signed in (or nobody). `byText`: the first text
 * from an unknown number (issue 16): the account is made `via: 'text'` and nobody is signed in.
 */
export class SubmitInquiryCommand {
  constructor(
    readonly input: Omit<SubmitInquiry, 'leadId' | 'userId'>,
    readonly site: { readonly siteId: string; readonly subdomain: string },
    readonly signedInUserId: string | null,
    readonly ctx: CommandContext,
    readonly byText?: { readonly from: string },
  ) {}
}

export type InquiryResult = { readonly leadId: string; readonly userId: string; readonly newUser: boolean };

/**
 * Records an inquiry (contract section 2). A new address becomes a level-5 account signed in by
 * the inquiry, and its lead is captured, in one atomic append; an address that belongs to an
 * account nobody is signed in as is 409 'Email already in use'. The demo seed uses this path too.
 * Routing is not asked for here: the lead router takes every captured lead from the lead_routing
 * projection's waiting leads, whichever path captured it.
 */
@CommandHandler(SubmitInquiryCommand)
export class SubmitInquiryHandler implements ICommandHandler<SubmitInquiryCommand, InquiryResult> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ input, site, signedInUserId, ctx, byText }: SubmitInquiryCommand): Promise<InquiryResult> {
    const owner = await userIdByEmail(this.store, input.email);
    if (owner) {
      if (signedInUserId !== owner) throw conflict('Email already in use');
      const leadOwner = await leadAccountOn(this.store, owner, site.siteId);
      const command: SubmitInquiry = { ...input, leadId: leadIdFor(leadOwner, site.siteId), userId: leadOwner };
      await handleCommand(this.store, leadStream(command.leadId), submitInquiryDecider, command, ctx);
      return { leadId: command.leadId, userId: owner, newUser: false };
    }
    const userId = randomUUID();
    const userCtx = { ...ctx, actorId: userId };
    const command: SubmitInquiry = { ...input, leadId: leadIdFor(userId, site.siteId), userId };
    const appends: StreamAppend[] = [
      ...registrationAppends(
        leadRegistration({
          userId,
          email: input.email,
          fullName: input.fullName,
          phone: command.phone,
          siteId: site.siteId,
          via: byText ? 'text' : 'inquiry',
          from: byText?.from ?? `inquiry form on ${site.subdomain}`,
          at: userCtx.now.toISOString(),
        }),
        userCtx,
        byText ? [] : [signedIn({ userId, method: 'inquiry', timezone: null, timezoneName: null })],
      ),
      { streamId: leadStream(command.leadId), expected: 'no_stream', events: toNewEvents(decideSubmitInquiry(command, initialLead()), userCtx) },
    ];
    await appendAtomically(this.store, appends);
    return { leadId: command.leadId, userId, newUser: true };
  }
}
