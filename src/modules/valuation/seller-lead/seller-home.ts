import type { Decider } from '../../../commands/decider';
import { validation } from '../../../shared/errors';
import type { CmaRequested, HomeDigestChanged, HomeDigestOpened, HomeValueRequested, ValuationEvent } from '../valuation.events';

/** A seller lead's home: the valuations it was given, the latest last, whether its monthly digest is on, the digests opened ("month how") and the months a CMA was asked for. */
export type SellerHome = {
  readonly requests: readonly HomeValueRequested['data'][];
  readonly digest: boolean;
  readonly opened: ReadonlySet<string>;
  readonly cmaAsked: ReadonlySet<string>;
};

export const initialSellerHome = (): SellerHome => ({ requests: [], digest: false, opened: new Set(), cmaAsked: new Set() });

const openedKey = (d: HomeDigestOpened['data']) => `${d.month} ${d.how}`;

export function evolveSellerHome(s: SellerHome, e: ValuationEvent): SellerHome {
  if (e.type === 'HomeValueRequested') return { ...s, requests: [...s.requests, e.data] };
  if (e.type === 'HomeDigestOpened') return { ...s, opened: new Set([...s.opened, openedKey(e.data)]) };
  if (e.type === 'CmaRequested') return { ...s, cmaAsked: new Set([...s.cmaAsked, e.data.month]) };
  return { ...s, digest: e.data.on };
}

/** A month's digest opened or its link followed: recorded the first time only, so a reload or a mail client's prefetch counts once. */
export const digestOpenedDecider: Decider<SellerHome, HomeDigestOpened['data'], ValuationEvent> = {
  initialState: initialSellerHome,
  evolve: evolveSellerHome,
  decide: (c, s) => (s.opened.has(openedKey(c)) ? [] : [{ type: 'HomeDigestOpened', data: c }]),
};

/** A CMA asked for from a month's digest: recorded once per month, so a second click or a reload neither tells the agent again nor counts again. */
export const cmaRequestDecider: Decider<SellerHome, CmaRequested['data'], ValuationEvent> = {
  initialState: initialSellerHome,
  evolve: evolveSellerHome,
  decide: (c, s) => (s.cmaAsked.has(c.month) ? [] : [{ type: 'CmaRequested', data: c }]),
};

/** The digest turned on or off; nothing when it already is (a home is needed to turn it on). */
export function decideDigest(c: HomeDigestChanged['data'], s: SellerHome): ValuationEvent[] {
  if (c.on === s.digest) return [];
  if (c.on && s.requests.length === 0) throw validation(NO_HOME_FOR_DIGEST);
  return [{ type: 'HomeDigestChanged', data: c }];
}

export const NO_HOME_FOR_DIGEST = 'This lead has not given a home to value, so there is no digest to send';

export const homeDigestDecider: Decider<SellerHome, HomeDigestChanged['data'], ValuationEvent> = {
  initialState: initialSellerHome,
  evolve: evolveSellerHome,
  decide: decideDigest,
};

/** One request per home and day: the same form sent again (a retry, a double click, a reload) is the request already recorded. */
const sameRequest = (a: HomeValueRequested['data'], b: HomeValueRequested['data']) =>
  a.asOf === b.asOf && a.address.trim().toLowerCase() === b.address.trim().toLowerCase();

export const isRepeat = (s: SellerHome, c: HomeValueRequested['data']): boolean => s.requests.some((r) => sameRequest(r, c));

export function decideRequestHomeValue(c: HomeValueRequested['data'], s: SellerHome): ValuationEvent[] {
  return isRepeat(s, c) ? [] : [{ type: 'HomeValueRequested', data: c }];
}

export const sellerHomeDecider: Decider<SellerHome, HomeValueRequested['data'], ValuationEvent> = {
  initialState: initialSellerHome,
  evolve: evolveSellerHome,
  decide: decideRequestHomeValue,
};
