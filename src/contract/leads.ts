import { z } from 'zod';
import { NoteViewSchema } from './tasks';

/** A lead as contract sections 5 and 5a list it: exactly these fields. */
export const ContractLeadSchema = z.strictObject({
  leadId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  leadType: z.string(),
  source: z.string(),
  assignedAgentId: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  stage: z.string(),
  tags: z.array(z.string()).readonly(),
  firstContactAt: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  inPond: z.boolean(),
});
export type ContractLead = z.infer<typeof ContractLeadSchema>;

/** The dashboard's own richer row: status, site (its subdomain and the name it goes by), listing, score (0 to 100). */
export const FeedLeadSchema = ContractLeadSchema.extend({
  status: z.enum(['new', 'contacted']),
  siteId: z.string(),
  site: z.string().nullable(),
  siteName: z.string().nullable(),
  listingPdid: z.string().nullable(),
  userId: z.string(),
  score: z.number(),
});
export type FeedLead = z.infer<typeof FeedLeadSchema>;

/** `mergedFrom`: the name of the lead merged into this one that the entry came from (issue 18); absent for the lead's own. */
export const TimelineEntrySchema = z.strictObject({ type: z.string(), at: z.string(), summary: z.string(), mergedFrom: z.string().optional() });
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** A note as contract section 5a lists it with its lead. */
export const ContractNoteSchema = z.strictObject({ noteId: z.string(), text: z.string(), authorId: z.string(), at: z.string() });

export const RoleSchema = z.enum(['agent', 'broker', 'staff']);
export type Role = z.infer<typeof RoleSchema>;
export const MeSchema = z.strictObject({ userId: z.string(), role: RoleSchema });

export const FeedResponseSchema = z.strictObject({
  leads: z.array(FeedLeadSchema).readonly(),
  total: z.number(),
  page: z.number(),
  perpage: z.number(),
  sources: z.array(z.string()).readonly(),
  position: z.string(),
  me: MeSchema,
});
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

export const FeedLeadDetailSchema = z.strictObject({
  lead: FeedLeadSchema,
  timeline: z.array(TimelineEntrySchema).readonly(),
  notes: z.array(NoteViewSchema).readonly(),
});

/** What the filter bar offers: the stages, tags and sites of the viewer's leads. */
export const FacetsSchema = z.strictObject({
  stages: z.array(z.string()).readonly(),
  tags: z.array(z.string()).readonly(),
  sites: z.array(z.strictObject({ siteId: z.string(), site: z.string().nullable(), siteName: z.string().nullable() })).readonly(),
});
export type Facets = z.infer<typeof FacetsSchema>;

/** A push a reconnecting client missed (its payload as the socket carries it). */
export const MissedPushSchema = z.strictObject({ name: z.string(), payload: z.record(z.string(), z.unknown()) });
export type MissedPush = z.infer<typeof MissedPushSchema>;
