import { z } from 'zod';
import type { AgentPageView, AreaView, ListingAgentLink, TeamMember } from './public-pages';
import type { AutocompleteResponse, Card, ListResponse, MapResponse, MlsDisclaimer } from './search';

/** The answers of the search API (contract section 3) and of the public pages, as the server checks them in test runs. */
const num = z.number().nullable();
const text = z.string().nullable();

export const CardSchema = z.strictObject({
  pdid: z.string(),
  mlsid: text,
  address: text,
  city: text,
  state: text,
  zip: text,
  county: text,
  price: num,
  priceShort: text,
  beds: num,
  baths: num,
  sqft: num,
  status: z.string(),
  propertyType: text,
  latitude: num,
  longitude: num,
  locationApproximate: z.boolean(),
  forRent: z.boolean(),
  photos: z.array(z.string()).readonly(),
  listDate: text,
  closeDate: text,
  listOfficeName: text,
  listAgentName: text,
}) satisfies z.ZodType<Card>;

export const MlsDisclaimerSchema = z.strictObject({ mls: z.string(), text: z.string(), updatedAt: text }) satisfies z.ZodType<MlsDisclaimer>;
const disclaimers = z.array(MlsDisclaimerSchema).readonly();
const titles = { searchTitle: z.string(), searchUrl: z.string(), searchQs: z.string() };

export const ListResponseSchema = z.strictObject({
  results: z.array(CardSchema).readonly(),
  total: z.number(),
  page: z.number(),
  perpage: z.number(),
  ...titles,
  disclaimers,
}) satisfies z.ZodType<ListResponse>;

const PinSchema = z.strictObject({
  pdid: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  priceShort: z.string(),
  priceLabel: z.string().optional(),
  locationApproximate: z.boolean(),
  inCluster: z.boolean().optional(),
});
const BoundsSchema = z.strictObject({ minLat: z.number(), maxLat: z.number(), minLng: z.number(), maxLng: z.number() });
const ClusterSchema = z.strictObject({ latitude: z.number(), longitude: z.number(), count: z.number(), complete: z.boolean().optional() });

/** The map answer; the split view adds the list page beside it (cards, page, perpage). */
export const MapResponseSchema = z.strictObject({
  total: z.number(),
  results: z.strictObject({
    ...titles,
    results: z.array(PinSchema).readonly(),
    mapBounds: BoundsSchema.nullable(),
    clusters: z.array(ClusterSchema).readonly().optional(),
  }),
  cards: z.array(CardSchema).readonly().optional(),
  clusters: z.array(ClusterSchema).readonly().optional(),
  page: z.number().optional(),
  perpage: z.number().optional(),
  disclaimers,
}) satisfies z.ZodType<MapResponse>;

const AutocompleteItemSchema = z.strictObject({ friendlyInputName: z.string(), inputName: z.string(), value: z.string() });
export const AutocompleteSchema = z.strictObject({
  groups: z.array(z.strictObject({ name: z.string(), groupcount: z.number(), items: z.array(AutocompleteItemSchema).readonly() })).readonly(),
}) satisfies z.ZodType<AutocompleteResponse>;

const HistoryEntrySchema = z.strictObject({ at: z.string(), event: z.string(), price: num, previousPrice: num.optional(), status: text });
const OpenHouseSchema = z.strictObject({ start: z.string(), end: z.string(), type: z.enum(['Public', 'Broker']), remarks: text });

/** GET /api/details/{pdid}: the card plus what a listing page shows, and its MLS's disclaimer. */
export const ListingDetailsSchema = CardSchema.extend({
  mls: z.string(),
  listingKey: z.string(),
  propertySubType: text,
  listPrice: num,
  closePrice: num,
  originalListPrice: num,
  previousListPrice: num,
  remarks: text,
  waterfront: z.boolean().nullable(),
  view: z.boolean().nullable(),
  pool: z.boolean().nullable(),
  newConstruction: z.boolean().nullable(),
  modifiedAt: text,
  history: z.array(HistoryEntrySchema).readonly(),
  openHouses: z.array(OpenHouseSchema).readonly(),
  disclaimer: MlsDisclaimerSchema.optional(),
});

export const TeamMemberSchema = z.strictObject({
  name: z.string(),
  role: z.enum(['Agent', 'Broker']),
  photo: text,
  email: z.string(),
  phone: text,
  path: z.string(),
}) satisfies z.ZodType<TeamMember>;
export const AgentPageSchema = TeamMemberSchema.extend({ bio: z.string(), listings: z.array(CardSchema).readonly() }) satisfies z.ZodType<AgentPageView>;
export const ListingAgentLinkSchema = z.strictObject({ name: z.string(), path: z.string() }) satisfies z.ZodType<ListingAgentLink>;

export const AreaViewSchema = z.strictObject({
  kind: z.enum(['city', 'county', 'zip']),
  label: z.string(),
  criteria: z.record(z.string(), z.string()),
  market: z.strictObject({
    active: z.number(),
    medianListPrice: num,
    medianPricePerSqft: num,
    medianDaysOnMarket: num,
    soldLast12Months: num,
    byBedrooms: z.array(z.strictObject({ beds: z.string(), averagePrice: z.number(), count: z.number() })).readonly(),
    center: z.strictObject({ lat: z.number(), lng: z.number() }).nullable(),
  }),
  total: z.number(),
  listings: z.array(CardSchema).readonly(),
}) satisfies z.ZodType<AreaView>;
