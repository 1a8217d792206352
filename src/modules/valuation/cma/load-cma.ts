import type { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { type CmaEvent, cmaStream, type HomeValueRequested, sellerHomeStream, type ValuationEvent } from '../valuation.events';
import { evolveSellerHome, initialSellerHome } from '../seller-lead/seller-home';
import { type Cma, evolveCma, initialCma } from './cma';
import { cmaEstimate, compsOfValuation } from './cma-estimate';

export const NO_HOME_VALUE = 'This lead has not asked for a home value, so there is nothing to build a CMA from';

export type LoadedCma = { readonly home: HomeValueRequested['data']; readonly cma: Cma; readonly digest: boolean };

/** The lead's latest home value (404 without one) and its CMA as it stands. */
export async function loadCma(store: EventStore, leadId: string): Promise<LoadedCma> {
  const [homeEvents, cmaEvents] = await Promise.all([store.readStream(sellerHomeStream(leadId)), store.readStream(cmaStream(leadId))]);
  const seller = (homeEvents as unknown as ValuationEvent[]).reduce(evolveSellerHome, initialSellerHome());
  const home = seller.requests.at(-1);
  if (!home) throw notFound(NO_HOME_VALUE);
  return { home, cma: (cmaEvents as unknown as CmaEvent[]).reduce(evolveCma, initialCma()), digest: seller.digest };
}

/** The comps as they stand: the latest version's, or the valuation's before any edit. */
export const currentComps = ({ home, cma }: LoadedCma) => cma.latest?.comps ?? compsOfValuation(home);

/** The CMA as the dashboard shows it. */
export function cmaAnswer(loaded: LoadedCma) {
  const { home, cma } = loaded;
  const comps = currentComps(loaded);
  return {
    home: { address: home.address, estimate: home.estimate, low: home.low, high: home.high, asOf: home.asOf },
    version: cma.latest?.version ?? 0,
    estimate: cmaEstimate(comps),
    comps: comps.map((c) => ({ ...c })),
    sends: [...cma.sends.values()].map((s) => ({ sendId: s.sendId, version: s.version, expiresAt: s.expiresAt, opened: s.opened })),
    digest: loaded.digest,
  };
}
