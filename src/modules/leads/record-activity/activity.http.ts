import { Body, Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
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

/**
 * Behaviour of signed-in leads on the public site (listing viewed, search run) for their
 * agent's timeline. Answers 204 whether or not anything was recorded (a visitor who is not a
 * lead of this site, or an agent browsing, leaves no trace); 429 past the per-user rate.
 */
@Controller()
export class ActivityController {
  private readonly limiter = new ActivityLimiter();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Route(contract.leads.activity)
  async activity(@Body() input: BodyOf<typeof contract.leads.activity>, @Req() req: Request): Promise<undefined> {
    const auth = requireAuth(req);
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
      return {
        appends: events.length === 0 ? [] : [{ streamId: stream, expected: last ? last.streamPosition : 'no_stream', events: toNewEvents(events, ctx) }],
        result: undefined,
      };
    });
  }
}
