import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { SearchIndex } from '../../../../projections/search';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { MAX_HEADER_PDIDS } from '../../../contract/organizer';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { loadAccount, parseEmail } from '../../accounts';
import { foldListing, listingStream } from '../../listings';
import { ownerOf, runOrganizerCommand } from '../run-organizer-command';
import { stableId } from '../../../shared/stable-id';
import { listingBriefs } from './listing-brief';
import { notebookHeaders } from '../../../../projections/organizer';

/** A share sends e-mail in the site's name to an address the lead types: only from an address shown to be the lead's. */
export const VERIFY_TO_SHARE = 'Please confirm your e-mail address before sharing homes: we can send you a link to confirm it.';
const routes = contract.organizer;

/**
 * The notebook (organizer): favourites, notes, like/dislike, sharing, showing requests and
 * notebooks. Each is an event on the lead's organizer stream; the agent sees it in the timeline.
 * Text the lead writes is stored as text and never rendered as HTML.
 */
@Controller()
export class NotebookController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SearchIndex) private readonly index: SearchIndex,
  ) {}

  /** Only listings that exist can be kept: an unknown pdid is a 404, not a row. */
  private async requireListing(id: string): Promise<undefined> {
    if (!foldListing(await this.store.readStream(listingStream(id), { limit: 1 })).listed) throw notFound('No such listing');
  }

  @Route(routes.favorite)
  async favorite(@Body() b: BodyOf<typeof routes.favorite>, @Req() req: Request): Promise<undefined> {
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'Favorite', pdid: b.pdid, on: b.favorite ?? true });
  }

  @Route(routes.note)
  async note(@Body() b: BodyOf<typeof routes.note>, @Req() req: Request): Promise<undefined> {
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'WriteNote', pdid: b.pdid, note: b.note.trim() });
  }

  @Route(routes.opinion)
  async opinion(@Body() b: BodyOf<typeof routes.opinion>, @Req() req: Request): Promise<undefined> {
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'GiveOpinion', pdid: b.pdid, opinion: b.opinion });
  }

  @Route(routes.share)
  async share(@Body() b: BodyOf<typeof routes.share>, @Req() req: Request): Promise<undefined> {
    const owner = ownerOf(req);
    const { account } = await loadAccount(this.store, owner.userId);
    if (!account.exists || !account.emailVerified) throw forbidden(VERIFY_TO_SHARE);
    const toEmail = parseEmail(b.email);
    if (!toEmail) throw validation('Please enter a valid e-mail address');
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'Share', pdid: b.pdid, toEmail, message: (b.message ?? '').trim(), at: new Date().toISOString() });
  }

  @Route(routes.schedule)
  async schedule(@Body() b: BodyOf<typeof routes.schedule>, @Req() req: Request): Promise<undefined> {
    ownerOf(req);
    await this.requireListing(b.pdid);
    await runOrganizerCommand(this.store, req, { type: 'RequestShowing', pdid: b.pdid, preferredAt: b.preferredAt, message: (b.message ?? '').trim() });
  }

  @Route(routes.focus)
  async focus(@Body() b: BodyOf<typeof routes.focus>, @Req() req: Request) {
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

  @Route(routes.removeFromNotebook)
  async removeFromNotebook(@Body() b: BodyOf<typeof routes.removeFromNotebook>, @Req() req: Request): Promise<undefined> {
    await runOrganizerCommand(this.store, req, { type: 'RemoveFromNotebook', notebookId: b.notebookId, pdid: b.pdid });
  }

  @Route(routes.headers)
  async headers(@Query() q: QueryOf<typeof routes.headers>, @Req() req: Request) {
    const wanted = q.pdids ? q.pdids.split(',').slice(0, MAX_HEADER_PDIDS) : null;
    const answer = await notebookHeaders(this.pool, ownerOf(req).leadId, wanted);
    if (q.listing !== '1') return answer;
    // One read of the search index for every entry, not one request per card.
    const briefs = await listingBriefs(
      this.index,
      answer.listings.map((l) => l.pdid),
    );
    return { ...answer, listings: answer.listings.map((l) => ({ ...l, listing: briefs.get(l.pdid) ?? null })) };
  }
}
