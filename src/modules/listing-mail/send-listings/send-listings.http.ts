import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { notebookHeaders } from '../../../../projections/organizer';
import { SearchIndex } from '../../../../projections/search';
import { DB_POOL } from '../../../runtime/tokens';
import { LISTING_NOTE_MAX, type ListingPick, MAX_LISTINGS_PER_EMAIL } from '../../../contract/listings-push';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
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

const SendBody = z.strictObject({
  pdids: z
    .array(z.string().trim().min(1).max(100), { error: 'pdids must list the listings to send' })
    .refine((a) => a.length > 0, { error: 'Pick at least one listing' })
    .refine((a) => a.length <= MAX_LISTINGS_PER_EMAIL, { error: `At most ${MAX_LISTINGS_PER_EMAIL} listings in one e-mail` }),
  note: z.string().max(LISTING_NOTE_MAX).optional(),
  /** Makes a retried request harmless: the same messageId is one e-mail. */
  messageId: z.uuid({ error: 'messageId must be a uuid' }).optional(),
});
const FindQuery = z.strictObject({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .max(100)
    .refine((q) => q.length >= 2, { error: 'Type at least 2 characters' }),
});
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
@Controller('api/dashboard/leads')
export class SendListingsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @ApiDoc({
    summary: 'E-mail listings to the lead (cards with photo, price, facts and attribution; tracked opens and clicks); a lead who turned e-mail off: 403',
    tag: 'Working a lead',
    access: 'agents, brokers, staff (their scope)',
    body: SendBody,
    responses: { 202: '{messageId}: recorded, the e-mail goes out from the outbox', 400: 'no listing, more than 10, or one not listed', 403: 'the lead turned e-mail off' },
  })
  @Post(':leadId/listings/send')
  @HttpCode(202)
  async send(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const input = parseBody(SendBody, body);
    const pdids = [...new Set(input.pdids)];
    const listings = await this.index.listings(pdids);
    const missing = pdids.filter((p) => !listings.some((l) => l.pdid === p));
    if (missing.length) throw validation(`Not listed any more: ${missing.join(', ')}`);
    const { account } = await loadAccount(this.store, lead.userId);
    const messageId = input.messageId ?? newId();
    await this.commands.execute(

      new ListingMailCommand(listingMailStream(messageId), {
        kind: 'send',
        emailAllowed: account.exists && account.consent.email,
        leadId: lead.leadId,
        siteId: lead.siteId,
        messageId,
        pdids,
        addresses: listings.map(addressText),
        byUserId: viewer.userId,
        note: (input.note ?? '').trim(),
      }, commandContextOf(req)),

    );
    return { messageId };
  }

  @ApiDoc({
    summary: 'Active listings whose address or MLS number starts with q (at least 2 characters), to pick from',
    tag: 'Working a lead',
    access: 'agents, brokers, staff (their scope)',
    responses: { 200: '{listings:[{pdid, mlsid, address, price, facts, photo, status, courtesy}]}' },
  })
  @Get(':leadId/listings/find')
  async find(@Param('leadId') leadId: string, @Query() query: unknown, @Req() req: Request): Promise<{ listings: ListingPick[] }> {
    await leadInScope(this.store, req, leadId);
    const { q } = parseBody(FindQuery, query);
    return { listings: (await this.index.startingWith(q, FOUND)).map(toPick) };
  }

  @ApiDoc({
    summary: "The lead's favourites and the homes they viewed last (still listed), to pick from",
    tag: 'Working a lead',
    access: 'agents, brokers, staff (their scope)',
    responses: { 200: '{favorites:[listing], viewed:[listing]}' },
  })
  @Get(':leadId/listings/kept')
  async kept(@Param('leadId') leadId: string, @Req() req: Request): Promise<{ favorites: ListingPick[]; viewed: ListingPick[] }> {
    const { lead } = await leadInScope(this.store, req, leadId);
    const [headers, activity] = await Promise.all([
      notebookHeaders(this.pool, lead.leadId, null),
      this.store.readStream(leadActivityStream(lead.leadId), { direction: 'backwards', limit: ACTIVITY_READ }),
    ]);
    const favorites = headers.listings.filter((l) => l.favorite).map((l) => l.pdid);
    const viewed = [...new Set((activity as unknown as LeadActivityEvent[]).flatMap((e) => (e.type === 'ListingViewed' ? [e.data.pdid] : [])))].slice(0, VIEWED);
    const listings = new Map((await this.index.listings([...new Set([...favorites, ...viewed])])).map((l) => [l.pdid, toPick(l)]));
    const picks = (pdids: readonly string[]) => pdids.flatMap((p) => listings.get(p) ?? []);
    return { favorites: picks(favorites), viewed: picks(viewed) };
  }
}
