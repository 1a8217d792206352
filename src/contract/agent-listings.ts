import { z } from 'zod';

/**
 * The dashboard's "My listings" (`GET /api/dashboard/listings?page=&perpage=`): the listings of
 * the agents in the viewer's scope (an agent's own, a broker's office's, staff everyone's),
 * those the MLS does not let be shown publicly included, most recently changed first.
 */
export const AgentListingSchema = z.strictObject({
  pdid: z.string(),
  mlsid: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  price: z.number().nullable(),
  /** A lease: the price is per month. */
  forRent: z.boolean(),
  propertyType: z.string().nullable(),
  /** The full street address: the page is private, whatever InternetAddressDisplayYN says. */
  address: z.string().nullable(),
  /** The RESO StandardStatus: Active, Pending, Closed, Coming Soon, ... (price: ClosePrice when Closed, per month for a lease). */
  status: z.string(),
  photo: z.string().nullable(),
  listAgentName: z.string().nullable(),
  listAgentMlsId: z.string().nullable(),
  listOfficeName: z.string().nullable(),
  /** False: InternetEntireListingDisplayYN false, on no public page (404 there). */
  shownPublicly: z.boolean(),
  /** False: InternetAddressDisplayYN false, the street address is on no public page. */
  addressShownPublicly: z.boolean(),
  /** The feed's ModificationTimestamp of the last change (ISO), null when it gave none. */
  modifiedAt: z.string().nullable(),
});
export type AgentListing = z.infer<typeof AgentListingSchema>;

/** The Porchlight agent the listing is theirs by (linked to them, or naming their MLS id); null when none. */
export const AgentListingViewSchema = AgentListingSchema.extend({ agent: z.strictObject({ userId: z.string(), fullName: z.string() }).nullable() });
export type AgentListingView = z.infer<typeof AgentListingViewSchema>;

export const AgentListingsResponseSchema = z.strictObject({
  listings: z.array(AgentListingViewSchema).readonly(),
  total: z.number(),
  /** How many of all `total` are not shown publicly. */
  hidden: z.number(),
  page: z.number(),
  perpage: z.number(),
});
export type AgentListingsResponse = z.infer<typeof AgentListingsResponseSchema>;

/** The mark of a listing not shown publicly (InternetEntireListingDisplayYN false). */
export const NOT_SHOWN_PUBLICLY = 'Not shown publicly (IDX)';
