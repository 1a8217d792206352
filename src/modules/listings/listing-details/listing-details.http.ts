import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { listingStream } from '../listing-record';
import { listingDetails } from './listing-details';

/** GET /api/details/{pdid}: read from the listing's own events, so the history is complete. */
@Controller('api/details')
export class ListingDetailsController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @ApiDoc({ summary: 'A listing with its price and status history and upcoming open houses, folded from its events', tag: 'search', access: 'anyone', responses: { 200: 'card + details + history', 404: 'unknown or removed' } })
  @Get(':pdid')
  async details(@Param('pdid') pdid: string) {
    const details = pdid.length <= 200 ? listingDetails(await this.store.readStream(listingStream(pdid)), Date.now()) : undefined;
    if (!details) throw notFound('No such listing');
    return details;
  }
}
