import type pg from 'pg';
import { timeZoneOf } from '../../../projections/tasks';
import { DEFAULT_TIME_ZONE } from '../../contract/tasks';
import { stateTimeZone } from '../../contract/showings';
import type { EventStore } from '../../eventstore/event-store.port';
import { foldListing, listingStream } from '../listings';
import type { ShowingPlace } from './showings.events';

/** The listing's address as a visit needs it ('400 Pine St, Seattle, WA 98101'), or null for a listing we do not have. */
async function listingAddress(store: EventStore, pdid: string): Promise<{ address: string; state: string | null } | null> {
  const listing = foldListing(await store.readStream(listingStream(pdid)));
  if (!listing.listed) return null;
  const r = listing.record;
  const address = [r.UnparsedAddress, r.City, [r.StateOrProvince, r.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { address: address || pdid, state: r.StateOrProvince };
}

/**
 * Where and on which clock a showing is: the listing's address, and its zone from its state
 * (src/contract/showings.ts); a state we cannot place falls back to the agent's zone, then to
 * the product's default. Null when the listing is unknown (a lead's request for a listing since
 * removed still gets its appointment: `orPdid` names it by its id then).
 */
export async function showingPlace(store: EventStore, pool: pg.Pool, pdid: string, agentId: string | null, orPdid = false): Promise<ShowingPlace | null> {
  const found = await listingAddress(store, pdid);
  if (!found && !orPdid) return null;
  const timeZone = stateTimeZone(found?.state) ?? (agentId ? await timeZoneOf(pool, agentId) : null) ?? DEFAULT_TIME_ZONE;
  return { pdid, address: found?.address ?? pdid, timeZone };
}
