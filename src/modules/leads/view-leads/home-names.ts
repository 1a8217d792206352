import { type HomeNames } from '../../../../projections/lead-timeline';
import type { SearchIndex } from '../../../../projections/search';

/**
 * How the agent's timeline names homes: the street address from the search read model; a home
 * whose MLS hides the address is 'a home in {city}'; one the index no longer shows is left out
 * (the timeline says 'a home no longer listed'). Never the pdid.
 */
export const homeNames =
  (index: SearchIndex): HomeNames =>
  async (pdids) => {
    const listings = await index.listings(pdids);
    return new Map(listings.flatMap((l) => (l.address ? [[l.pdid, l.address] as const] : l.city ? [[l.pdid, `a home in ${l.city}`] as const] : [])));
  };
