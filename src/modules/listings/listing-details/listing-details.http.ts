import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { listingStream } from '../listing-record';
import { listingDetails } from './listing-details';
import { MlsDisclaimers } from '../idx/mls-disclaimers';

/** GET /api/details/{pdid}: read from the listing's own events, so the history is complete. */
@Controller('api/details')
export class ListingDetailsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(MlsDisclaimers) private readonly disclaimers: MlsDisclaimers,
  ) {}

  @ApiDoc({ summary: 'A listing with its price and status history and upcoming open houses, folded from its events', tag: 'search', access: 'anyone', responses: { 200: 'card + details + history + the MLS disclaimer', 404: 'unknown, removed, or not to be shown publicly (InternetEntireListingDisplayYN false)' } })
  @Get(':pdid')
  async details(@Param('pdid') pdid: string) {
    const details = pdid.length <= 200 ? listingDetails(await this.store.readStream(listingStream(pdid)), Date.now()) : undefined;
    if (!details) throw notFound('No such listing');
    const [disclaimer] = await this.disclaimers.forPdids([details.pdid]);
    return { ...details, disclaimer };
  }
}
