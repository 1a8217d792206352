import type { Decider } from '../../../commands/decider';
import type { HomeValueRequested, ValuationEvent } from '../valuation.events';

/** A seller lead's home: the valuations it was given, the latest last. */
export type SellerHome = { readonly requests: readonly HomeValueRequested['data'][] };

export const initialSellerHome = (): SellerHome => ({ requests: [] });

export function evolveSellerHome(s: SellerHome, e: ValuationEvent): SellerHome {
  return e.type === 'HomeValueRequested' ? { ...s, requests: [...s.requests, e.data] } : s;
}

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
