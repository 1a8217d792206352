import type { EventStore } from '../../../eventstore/event-store.port';
import { type CmaComp, type CmaEvent, cmaStream } from '../valuation.events';
import { compsOfValuation } from './cma-estimate';
import type { LoadedCma } from './load-cma';

/** The comps of one version of the CMA (0: the valuation's), as it was sent; none for a version never saved. */
export async function cmaVersionComps(store: EventStore, loaded: LoadedCma, version: number): Promise<readonly CmaComp[]> {
  if (version === 0) return compsOfValuation(loaded.home);
  if (loaded.cma.latest?.version === version) return loaded.cma.latest.comps;
  const events = (await store.readStream(cmaStream(loaded.home.leadId))) as unknown as CmaEvent[];
  for (const e of events) if (e.type === 'CmaSaved' && e.data.version === version) return e.data.comps;
  return [];
}
