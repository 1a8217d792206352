import { z } from 'zod';

/**
 * The office's vocabulary shared by the server and the office screens (contract 5a, issues 15
 * and 19): its settings, its routing rules as data, and the messages their checks answer with.
 */
export const MAX_ROUTING_WEIGHT = 10;
/** The longest claim window a broker may set: a day. */
export const MAX_CLAIM_WINDOW_MINUTES = 1440;
/** An agent's bio, as long as the setBio route takes it. */
export const BIO_MAX = 2000;
/** A listing id (pdid) as the listing-agent link takes it. */
export const LISTING_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

export const OFFICE_MESSAGES = {
  linkOther: 'Only your broker can link a listing to another agent',
  unlink: 'Only your broker can unlink a listing',
  mlsIdOther: "Only your broker can set another agent's MLS id",
  held: 'This listing is already linked to another agent of your office; only your broker can change it',
  claimsOff: 'Your office does not let agents claim listings; ask your broker to link it to you',
  settings: 'Only the broker can change the office settings',
  claimWindow: 'The claim window is a whole number of minutes from 0 to 1440',
  weight: `A round-robin weight is a whole number from 1 to ${MAX_ROUTING_WEIGHT}`,
} as const;

/** A round-robin weight: whole turns in a row, 1 to MAX_ROUTING_WEIGHT. */
export const isRoutingWeight = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ROUTING_WEIGHT;

/** A claim window the office may have: whole minutes from 0 to a day. */
export const isClaimWindow = (w: unknown): w is number => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= MAX_CLAIM_WINDOW_MINUTES;

export const PondSchema = z.strictObject({ enabled: z.boolean(), claimWindowMinutes: z.number() });

/** What a broker decides for the whole office. */
export const OfficeSettingsSchema = z.strictObject({
  agentsMayClaimListings: z.boolean(),
  stages: z.array(z.string()).readonly(),
  pond: PondSchema,
  copyBrokerOnNewLeads: z.boolean(),
});
export type OfficeSettingsView = z.infer<typeof OfficeSettingsSchema>;

/** The office's routing options as the pond screen edits them. */
export const RoutingSettingsSchema = z.strictObject({ officeId: z.string(), pond: PondSchema, copyBrokerOnNewLeads: z.boolean() });
export type RoutingSettings = z.infer<typeof RoutingSettingsSchema>;

/** An office's routing rules as versioned data (issue 19); version 0 is the rules an office starts with. */
export const RoutingRuleSetSchema = z.strictObject({
  version: z.number(),
  listingAgentFirst: z.boolean(),
  /** Round-robin weight per agent id (1 when unnamed). */
  weights: z.record(z.string(), z.number()).readonly(),
  /** Agents out of the rotation. */
  off: z.array(z.string()).readonly(),
  pond: PondSchema,
});
export type RoutingRuleSet = z.infer<typeof RoutingRuleSetSchema>;
export type CandidateRules = Omit<RoutingRuleSet, 'version'>;

/** Where a lead went: an agent by a rule, or the pond (agentId null). */
export const PlacementSchema = z.strictObject({ agentId: z.string().nullable(), rule: z.string() });
export type Placement = z.infer<typeof PlacementSchema>;

export const SimulationResultSchema = z.strictObject({
  officeId: z.string(),
  from: z.string(),
  to: z.string(),
  /** The rules in force now, what "Apply these rules" replaces. */
  inForce: RoutingRuleSetSchema,
  leads: z.number(),
  /** Leads whose replay under the rules of their time placed them elsewhere than the log says. */
  unfaithful: z.number(),
  agents: z.array(z.strictObject({ agentId: z.string().nullable(), name: z.string(), actual: z.number(), candidate: z.number() })).readonly(),
  /** The leads the candidate places elsewhere, oldest first (at most 500; `changedCount` counts all). */
  changed: z
    .array(z.strictObject({ leadId: z.string(), fullName: z.string(), capturedAt: z.string(), actual: PlacementSchema, candidate: PlacementSchema }))
    .readonly(),
  changedCount: z.number(),
});
export type SimulationResult = z.infer<typeof SimulationResultSchema>;

/** A person of the roster as the office screens list them. */
export const AgentSchema = z.strictObject({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  securityLevel: z.number(),
  officeId: z.string().nullable(),
  active: z.boolean(),
  bio: z.string(),
  mlsId: z.string().nullable(),
  /** The MLS id the agent gave, until the broker confirms it. */
  pendingMlsId: z.string().nullable(),
});
export type Agent = z.infer<typeof AgentSchema>;
