import { fold } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { notFound, validation } from '../../shared/errors';
import type { Viewer } from '../../shared/viewer/viewer';
import { type OfficeEvent, officeStream } from './office.events';
import { type Office, officeDecider } from './office';
import { viewedOffice } from '../../shared/viewer/viewer-office';

/** The office as its stream says now (never stale). */
export async function loadOffice(store: EventStore, officeId: string): Promise<Office> {
  return fold(officeDecider, (await store.readStream(officeStream(officeId))) as unknown as OfficeEvent[]);
}

/**
 * The office a viewer acts on (viewedOffice), which must be one: staff who name none get 400
 * 'officeId is required', an agent of no office 404.
 */
export async function officeOfViewer(store: EventStore, viewer: Viewer, officeId: unknown): Promise<string> {
  const office = await viewedOffice(store, viewer, officeId);
  if (office) return office;
  throw viewer.role === 'staff' ? validation('officeId is required') : notFound();
}
