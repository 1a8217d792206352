import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { SearchIndex } from '../../../../projections/search';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { loadAccount, parseEmail } from '../../accounts';
import { foldListing, listingStream } from '../../listings';
import { ownerOf, runOrganizerCommand } from '../run-organizer-command';
import { stableId } from '../../../shared/stable-id';
import { listingBriefs } from './listing-brief';
import { notebookHeaders } from '../../../../projections/organizer';

const MAX_HEADER_PDIDS = 200;
/** A share sends e-mail in the site's name to an address the lead types: only from an address shown to be the lead's. */
export const VERIFY_TO_SHARE = 'Please confirm your e-mail address before sharing homes: we can send you a link to confirm it.';
const pdid = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' });
const Favorite = z.strictObject({ pdid, favorite: z.boolean().optional() });
const Note = z.strictObject({ pdid, note: z.string().max(2000) });
const OpinionBody = z.strictObject({ pdid, opinion: z.enum(['like', 'dislike', 'none']) });
const Share = z.strictObject({ pdid, email: z.string().max(254), message: z.string().max(1000).optional() });
const Schedule = z.strictObject({ pdid, preferredAt: z.iso.datetime({ offset: true }), message: z.string().max(1000).optional() });
const Focus = z.strictObject({ notebookId: z.uuid().nullable().optional(), name: z.string().trim().min(1).max(100).optional(), pdid: pdid.optional() });
const Remove = z.strictObject({ notebookId: z.uuid(), pdid });
/** pdids: at most MAX_HEADER_PDIDS listings, comma-separated; listing=1 adds each listing's brief from the search index. */
const Headers = z.strictObject({ pdids: z.string().max(MAX_HEADER_PDIDS * 101).optional(), listing: z.enum(['0', '1']).optional() });

/**
 * The notebook (organizer): favourites, notes, like/dislike, sharing, showing requests and
 * notebooks. Each is an event on the lead's organizer stream; the agent sees it in the timeline.
 * Text the lead writes is stored as text and never rendered as HTML.
 */
@Controller('api/organizer')
export class NotebookController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SearchIndex) private readonly index: SearchIndex,
  ) {}

  /** Only listings that exist can be kept: an unknown pdid is a 404, not a row. */
  private async requireListing(id: string): Promise<void> {
    if (!foldListing(await this.store.readStream(listingStream(id), { limit: 1 })).listed) throw notFound('No such listing');
  }

  @ApiDoc({ summary: 'Favourite (or, with favorite:false, unfavourite) a listing', tag: 'organizer', access: 'signed in', responses: { 204: 'done', 404: 'unknown listing' } })
  @Post('favorite')
  @HttpCode(204)
  async favorite(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(Favorite, body);
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'Favorite', pdid: b.pdid, on: b.favorite ?? true });
  }

  @ApiDoc({ summary: 'Write (or clear, with an empty note) the note on a listing', tag: 'organizer', access: 'signed in', responses: { 204: 'done' } })
  @Post('note')
  @HttpCode(204)
  async note(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(Note, body);
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'WriteNote', pdid: b.pdid, note: b.note.trim() });
  }

  @ApiDoc({ summary: 'Like, dislike or clear the opinion on a listing', tag: 'organizer', access: 'signed in', responses: { 204: 'done' } })
  @Post('opinion')
  @HttpCode(204)
  async opinion(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(OpinionBody, body);
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'GiveOpinion', pdid: b.pdid, opinion: b.opinion });
  }

  @ApiDoc({
    summary: 'Share a listing with an e-mail address: recorded for the agent, and one e-mail goes to the address (the message as plain text)',
    tag: 'organizer',
    access: 'signed in',
    body: Share,
    responses: { 204: 'done', 400: 'a bad address', 403: "the lead's own e-mail address is not confirmed yet", 404: 'unknown listing', 429: 'more than 20 shares in 24 hours' },
  })
  @Post('share')
  @HttpCode(204)
  async share(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(Share, body);
    const owner = ownerOf(req);
    const { account } = await loadAccount(this.store, owner.userId);
    if (!account.exists || !account.emailVerified) throw forbidden(VERIFY_TO_SHARE);
    const toEmail = parseEmail(b.email);
    if (!toEmail) throw validation('Please enter a valid e-mail address');
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'Share', pdid: b.pdid, toEmail, message: (b.message ?? '').trim(), at: new Date().toISOString() });
  }

  @ApiDoc({ summary: 'Ask for a showing of a listing at a preferred time', tag: 'organizer', access: 'signed in', responses: { 204: 'done' } })
  @Post('schedule')
  @HttpCode(204)
  async schedule(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(Schedule, body);
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'RequestShowing', pdid: b.pdid, preferredAt: b.preferredAt, message: (b.message ?? '').trim() });
  }

  @ApiDoc({ summary: 'Notebooks: create one (name), file a listing in one (notebookId + pdid) or focus one (notebookId, null for none)', tag: 'organizer', access: 'signed in', responses: { 200: '{notebookId}', 404: 'no such notebook' } })
  @Post('focus')
  @HttpCode(200)
  async focus(@Body() body: unknown, @Req() req: Request) {
    const b = parseBody(Focus, body);
    const owner = ownerOf(req);
    let notebookId = b.notebookId ?? null;
    if (b.name) {
      notebookId = stableId(`${owner.leadId} notebook ${b.name.toLowerCase()}`);
      await runOrganizerCommand(this.store, req, { type: 'CreateNotebook', notebookId, name: b.name });
    }
    if (b.pdid) {
      if (!notebookId) throw notFound('No such notebook');
      await this.requireListing(b.pdid);
      await runOrganizerCommand(this.store, req, { type: 'FileInNotebook', notebookId, pdid: b.pdid });
    } else await runOrganizerCommand(this.store, req, { type: 'FocusNotebook', notebookId });
    return { notebookId };
  }

  @ApiDoc({
    summary: 'Take a listing out of a notebook it is filed in (the listing need not be listed any more)',
    tag: 'organizer',
    access: 'signed in',
    body: Remove,
    responses: { 204: 'done', 404: 'no such notebook, or the listing is not filed in it' },
  })
  @Post('notebook/remove')
  @HttpCode(204)
  async removeFromNotebook(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const b = parseBody(Remove, body);
    await runOrganizerCommand(this.store, req, { type: 'RemoveFromNotebook', notebookId: b.notebookId, pdid: b.pdid });
  }

  @ApiDoc({
    summary: 'What the lead keeps: favourites, notes, opinions and notebooks (all, or the listings named in pdids); listing=1 adds each listing\'s brief from the search index (null when no longer listed)',
    tag: 'organizer',
    access: 'signed in',
    query: Headers,
    responses: { 200: '{listings:[{pdid, favorite, note, opinion, notebooks, listing?:{address, city, state, zip, price, beds, baths, status, photo}|null}], notebooks:[{notebookId, name, focused}]}' },
  })
  @Get('headers')
  async headers(@Query() query: unknown, @Req() req: Request) {
    const q = parseBody(Headers, query);
    const wanted = q.pdids ? q.pdids.split(',').slice(0, MAX_HEADER_PDIDS) : null;
    const answer = await notebookHeaders(this.pool, ownerOf(req).leadId, wanted);
    if (q.listing !== '1') return answer;
    // One read of the search index for every entry, not one request per card.
    const briefs = await listingBriefs(this.index, answer.listings.map((l) => l.pdid));
    return { ...answer, listings: answer.listings.map((l) => ({ ...l, listing: briefs.get(l.pdid) ?? null })) };
  }
}
