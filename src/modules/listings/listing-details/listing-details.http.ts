import { Controller, Get, Inject, Param } from '@nestjs/common';
import { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { listingStream } from '../listing-record';
import { listingDetails } from './listing-details';

/** GET /api/details/{pdid}: read from the listing's own events, so the history is complete. */
@Controller('api/details')
export class ListingDetailsController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Get(':pdid')
  async details(@Param('pdid') pdid: string) {
    const details = pdid.length <= 200 ? listingDetails(await this.store.readStream(listingStream(pdid))) : undefined;
    if (!details) throw notFound('No such listing');
    return details;
  }
}
