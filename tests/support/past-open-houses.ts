import { metadataOf, systemContext } from '../../src/commands/command-context';
import type { EventStore } from '../../src/eventstore/event-store.port';
import { listingStream, type OpenHouse } from '../../src/modules/listings';
import { newId } from '../../src/shared/ids';

/**
 * An open house as it was added at `at`, when it was still to come: imports decide with the real
 * clock and never add one that is already over, so an open house that has taken place since
 * (yesterday's, or this morning's) can only be written into the listing's history this way.
 */
export async function addOpenHouseAt(store: EventStore, pdid: string, at: Date, o: Omit<OpenHouse, 'OpenHouseRemarks'>): Promise<void> {
  const stream = listingStream(pdid);
  const last = (await store.readStream(stream)).at(-1);
  if (!last) throw new Error(`no listing ${pdid}`);
  await store.append(stream, last.streamPosition, [
    {
      type: 'ListingOpenHouseAdded',
      data: { pdid, openHouse: { ...o, OpenHouseRemarks: null }, listingStatus: 'Active', ModificationTimestamp: null },
      eventId: newId(),
      metadata: metadataOf(systemContext(at)),
    },
  ]);
}
