import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { notebookHeaders } from '../../../../projections/organizer';
import { SearchIndex } from '../../../../projections/search';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { addressText } from '../../messaging';
import { leadInScope } from '../../leads';
import { leadActivityStream, type LeadActivityEvent } from '../../leads/leads.events';
import { listingMailStream } from '../listing-mail.events';
import { toPick } from './listing-pick';
import { ListingMailCommand } from './listing-mail.command';

const FOUND = 10;
const VIEWED = 20;
/** How far back in the lead's activity the "viewed" list looks. */
const ACTIVITY_READ = 300;

/**
 * Listings an agent e-mails a lead (issue 16) from the lead page: find them by address or MLS
 * number in the search index, or among the lead's favourites and the homes they viewed, then send
 * one e-mail with their cards — recorded once per messageId (ListingsSentToLead on
 * `listingmail-{messageId}`) and mailed from the listing mail outbox. Agent: own leads; broker:
 * office; staff: all; another agent 404; a lead 403; signed out 401.
 */
@Controller()
export class SendListingsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** 400: no listing, more than 10, or one not listed; 403: the lead turned e-mail off. */
  @Route(contract.listingMail.send)
  async send(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.listingMail.send>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const pdids = [...new Set(input.pdids)];
    const listings = await this.index.listings(pdids);
    const missing = pdids.filter((p) => !listings.some((l) => l.pdid === p));
    if (missing.length) throw validation(`Not listed any more: ${missing.join(', ')}`);
    const { account } = await loadAccount(this.store, lead.userId);
    const messageId = input.messageId ?? newId();
    await this.commands.execute(
      new ListingMailCommand(
        listingMailStream(messageId),
        {
          kind: 'send',
          emailAllowed: account.exists && account.consent.email,
          leadId: lead.leadId,
          siteId: lead.siteId,
          messageId,
          pdids,
          addresses: listings.map(addressText),
          byUserId: viewer.userId,
          note: (input.note ?? '').trim(),
        },
        commandContextOf(req),
      ),
    );
    return { messageId };
  }

  @Route(contract.listingMail.find)
  async find(@Param('leadId') leadId: string, @Query() { q }: QueryOf<typeof contract.listingMail.find>, @Req() req: Request) {
    await leadInScope(this.store, req, leadId);
    return { listings: (await this.index.startingWith(q, FOUND)).map(toPick) };
  }

  @Route(contract.listingMail.kept)
  async kept(@Param('leadId') leadId: string, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    const [headers, activity] = await Promise.all([
      notebookHeaders(this.pool, lead.leadId, null),
      this.store.readStream(leadActivityStream(lead.leadId), { direction: 'backwards', limit: ACTIVITY_READ }),
    ]);
    const favorites = headers.listings.filter((l) => l.favorite).map((l) => l.pdid);
    const viewed = [...new Set((activity as unknown as LeadActivityEvent[]).flatMap((e) => (e.type === 'ListingViewed' ? [e.data.pdid] : [])))].slice(
      0,
      VIEWED,
    );
    const listings = new Map((await this.index.listings([...new Set([...favorites, ...viewed])])).map((l) => [l.pdid, toPick(l)]));
    const picks = (pdids: readonly string[]) => pdids.flatMap((p) => listings.get(p) ?? []);
    return { favorites: picks(favorites), viewed: picks(viewed) };
  }
}
