import { z } from 'zod';

/** Listings an agent sends a lead and searches set up for them from the lead page (issue 16). */

/** At most this many listings in one e-mail. */
export const MAX_LISTINGS_PER_EMAIL = 10;
/** The agent's note above the cards: plain text, never markup. */
export const LISTING_NOTE_MAX = 1000;

/** A listing as the lead page's pickers show it. */
export const ListingPickSchema = z.strictObject({
  pdid: z.string(),
  mlsid: z.string().nullable(),
  address: z.string(),
  /** $475,000; a lease's rent $2,100/mo. */
  price: z.string(),
  facts: z.string(),
  photo: z.string().nullable(),
  status: z.string(),
  /** "Listing courtesy of …" (IDX), null when the feed names nobody. */
  courtesy: z.string().nullable(),
});
export type ListingPick = Readonly<z.infer<typeof ListingPickSchema>>;
