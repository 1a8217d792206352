/** Listings an agent sends a lead and searches set up for them from the lead page (issue 16). */

/** At most this many listings in one e-mail. */
export const MAX_LISTINGS_PER_EMAIL = 10;
/** The agent's note above the cards: plain text, never markup. */
export const LISTING_NOTE_MAX = 1000;

/** A listing as the lead page's pickers show it. */
export type ListingPick = {
  readonly pdid: string;
  readonly mlsid: string | null;
  readonly address: string;
  /** $475,000; a lease's rent $2,100/mo. */
  readonly price: string;
  readonly facts: string;
  readonly photo: string | null;
  readonly status: string;
  /** "Listing courtesy of …" (IDX), null when the feed names nobody. */
  readonly courtesy: string | null;
};

/** POST /api/dashboard/leads/{leadId}/listings/send */
export type SendListingsRequest = { readonly pdids: readonly string[]; readonly note?: string; readonly messageId?: string };
