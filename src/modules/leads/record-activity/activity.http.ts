import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { AppError } from '../../../shared/errors';
import type { LeadActivityEvent } from '../leads.events';
import { commandContextOf } from '../../../commands/request-context';
import { requireAuth, toNewEvents } from '../../accounts';
import { foldListing, listingStream } from '../../listings';
import { requireSite } from '../../sites';
import { leadIdFor, leadStream } from '../lead';
import { leadAccountOn } from '../lead-account-on';
import { leadActivityStream } from '../leads.events';
import { ActivityLimiter } from './activity-limiter';
import { decideRecordActivity, type RecordActivity } from './record-activity.decide';

const ActivityBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ListingViewed'), pdid: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' }) }),
  z.strictObject({ type: z.literal('SearchRun'), title: z.string().max(300), query: z.string().max(2000) }),
]);

/**
 * Behaviour of signed-in leads on the public site (listing viewed, search run) for their
 * agent's timeline. Answers 204 whether or not anything was recorded (a visitor who is not a
 * lead of this site, or an agent browsing, leaves no trace); 429 past the per-user rate.
 */
@Controller('api/lead')
export class ActivityController {
  private readonly limiter = new ActivityLimiter();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Post('activity')
  @HttpCode(204)
  async activity(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const auth = requireAuth(req);
    const input = parseBody(ActivityBody, body);
    if (!this.limiter.allow(auth.userId)) throw new AppError('rate_limited', 'Too many activity reports; slow down');
    const site = requireSite(req);
    const leadId = leadIdFor(await leadAccountOn(this.store, auth.userId, site.siteId), site.siteId);
    if ((await this.store.streamRevision(leadStream(leadId))) === undefined) return;
    const base = { leadId, userId: auth.userId, siteId: site.siteId };
    let command: RecordActivity;
    if (input.type === 'ListingViewed') {
      const listing = foldListing(await this.store.readStream(listingStream(input.pdid)));
      if (!listing.listed) return;
      const r = listing.record;
      const address = [r.UnparsedAddress, r.City].filter(Boolean).join(', ') || null;
      command = { type: 'ListingViewed', ...base, pdid: input.pdid, address, price: r.StandardStatus === 'Closed' ? r.ClosePrice : r.ListPrice };
    } else {
      command = { type: 'SearchRun', ...base, title: input.title.trim(), query: input.query.trim() };
    }
    const ctx = commandContextOf(req);
    const stream = leadActivityStream(leadId);
    // Only the last event matters to the decision: read one, append at its revision.
    await decideAndAppend(this.store, async () => {
      const [last] = await this.store.readStream(stream, { direction: 'backwards', limit: 1 });
      const events = decideRecordActivity(command, last as unknown as LeadActivityEvent | undefined);
      return { appends: events.length === 0 ? [] : [{ streamId: stream, expected: last ? last.streamPosition : 'no_stream', events: toNewEvents(events, ctx) }], result: undefined };
    });
  }
}
