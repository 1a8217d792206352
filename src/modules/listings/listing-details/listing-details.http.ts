import { Controller, Inject, Param } from '@nestjs/common';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { listingStream } from '../listing-record';
import { listingDetails } from './listing-details';
import { MlsDisclaimers } from '../idx/mls-disclaimers';

/** GET /api/details/{pdid}: read from the listing's own events, so the history is complete. */
@Controller()
export class ListingDetailsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(MlsDisclaimers) private readonly disclaimers: MlsDisclaimers,
  ) {}

  @Route(contract.search.details)
  async details(@Param('pdid') pdid: string) {
    const details = pdid.length <= 200 ? listingDetails(await this.store.readStream(listingStream(pdid)), Date.now()) : undefined;
    if (!details) throw notFound('No such listing');
    const [disclaimer] = await this.disclaimers.forPdids([details.pdid]);
    return { ...details, disclaimer };
  }
}
