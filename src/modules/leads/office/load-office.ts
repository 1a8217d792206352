import type { EventStore } from '../../../eventstore/event-store.port';
import type { OfficeEvent } from '../leads.events';
import { evolveOffice, initialOffice, type Office } from './office';
import { officeStream } from './office.events';

/** An office as its stream says now (roster, listing agents, settings). */
export async function loadOffice(store: EventStore, brokerId: string): Promise<Office> {
  const events = await store.readStream(officeStream(brokerId));
  return events.reduce((s, e) => evolveOffice(s, e as unknown as OfficeEvent), initialOffice());
}
