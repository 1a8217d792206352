import { z } from 'zod';

/** What the lead keeps (the organizer): saved searches, favourites, notes, opinions, notebooks. */
export const ALERT_FREQUENCY_VALUES = ['instant', 'daily', 'weekly', 'never'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCY_VALUES)[number];

/** The most listings one read of the organizer's headers names. */
export const MAX_HEADER_PDIDS = 200;

export const SavedSearchSchema = z.strictObject({
  searchId: z.string(),
  name: z.string(),
  frequency: z.enum(ALERT_FREQUENCY_VALUES),
  searchQs: z.string(),
  searchTitle: z.string(),
  path: z.string(),
  createdAt: z.string(),
  /** The name of the lead merged into this one that the search came from; absent for the lead's own. */
  mergedFrom: z.string().optional(),
});
export type SavedSearch = Readonly<z.infer<typeof SavedSearchSchema>>;

/** A kept home as the organizer page shows it, from the search index (a lease: the price is its rent per month). */
export const ListingBriefSchema = z.strictObject({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  price: z.number().nullable(),
  forRent: z.boolean(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  status: z.string(),
  photo: z.string().nullable(),
});
export type ListingBrief = Readonly<z.infer<typeof ListingBriefSchema>>;

export const KeptListingSchema = z.strictObject({
  pdid: z.string(),
  favorite: z.boolean(),
  note: z.string().nullable(),
  opinion: z.enum(['like', 'dislike']).nullable(),
  notebooks: z.array(z.string()),
  /** With listing=1 only: the listing's brief, null when it is no longer listed. */
  listing: ListingBriefSchema.nullable().optional(),
});
export type KeptListing = Readonly<z.infer<typeof KeptListingSchema>>;

export const NotebookSchema = z.strictObject({ notebookId: z.string(), name: z.string(), focused: z.boolean() });
export type Notebook = Readonly<z.infer<typeof NotebookSchema>>;

export const OrganizerHeadersSchema = z.strictObject({ listings: z.array(KeptListingSchema), notebooks: z.array(NotebookSchema) });
export type OrganizerHeaders = z.infer<typeof OrganizerHeadersSchema>;
