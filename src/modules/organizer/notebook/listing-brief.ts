import type { SearchIndex } from '../../../../projections/search';
import { type Card, toCard } from '../../listings';

/** What the organizer page shows of a kept home: a small card (photo, price, per month for a lease, address, beds and baths). */
export type ListingBrief = Pick<Card, 'address' | 'city' | 'state' | 'zip' | 'price' | 'forRent' | 'beds' | 'baths' | 'status'> & {
  readonly photo: string | null;
};

const briefOf = (c: Card): ListingBrief => ({
  address: c.address,
  city: c.city,
  state: c.state,
  zip: c.zip,
  price: c.price,
  forRent: c.forRent,
  beds: c.beds,
  baths: c.baths,
  status: c.status,
  photo: c.photos[0] ?? null,
});

/** The briefs of these listings from the search index, in one read; a listing no longer in the index has none. */
export async function listingBriefs(index: SearchIndex, pdids: readonly string[]): Promise<ReadonlyMap<string, ListingBrief>> {
  if (pdids.length === 0) return new Map();
  const found = await index.listings(pdids);
  return new Map(found.map((l) => [l.pdid, briefOf(toCard(l))]));
}
