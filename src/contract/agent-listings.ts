import type { Card } from './search';

/**
 * The dashboard's "My listings" (`GET /api/dashboard/listings?page=&perpage=`): the listings of
 * the agents in the viewer's scope (an agent's own, a broker's office's, staff everyone's),
 * those the MLS does not let be shown publicly included, most recently changed first.
 */
export type AgentListing = Pick<Card, 'pdid' | 'mlsid' | 'city' | 'state' | 'zip' | 'price' | 'forRent' | 'propertyType'> & {
  /** The full street address: the page is private, whatever InternetAddressDisplayYN says. */
  readonly address: string | null;
  /** The RESO StandardStatus: Active, Pending, Closed, Coming Soon, ... (price: ClosePrice when Closed, per month for a lease). */
  readonly status: string;
  readonly photo: string | null;
  readonly listAgentName: string | null;
  readonly listAgentMlsId: string | null;
  readonly listOfficeName: string | null;
  /** False: InternetEntireListingDisplayYN false, on no public page (404 there). */
  readonly shownPublicly: boolean;
  /** False: InternetAddressDisplayYN false, the street address is on no public page. */
  readonly addressShownPublicly: boolean;
  /** The feed's ModificationTimestamp of the last change (ISO), null when it gave none. */
  readonly modifiedAt: string | null;
};

/** The Porchlight agent the listing is theirs by (linked to them, or naming their MLS id); null when none. */
export type AgentListingView = AgentListing & { readonly agent: { readonly userId: string; readonly fullName: string } | null };

export type AgentListingsResponse = {
  readonly listings: readonly AgentListingView[];
  readonly total: number;
  /** How many of all `total` are not shown publicly. */
  readonly hidden: number;
  readonly page: number;
  readonly perpage: number;
};

/** The mark of a listing not shown publicly (InternetEntireListingDisplayYN false). */
export const NOT_SHOWN_PUBLICLY = 'Not shown publicly (IDX)';
