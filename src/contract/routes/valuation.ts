import { z } from 'zod';
import { InquiryBody } from '../inquiry';
import { routes } from '../route';

const TAG = 'Seller suite';
const DigestParams = z.strictObject({ month: z.string().max(7) });
const CmaRequestSchema = z.object({ street: z.string(), siteName: z.string(), requested: z.boolean() });

const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number from 0 to ${max}` })
    .min(0, { error: `${field} must be a number from 0 to ${max}` })
    .max(max, { error: `${field} must be a number from 0 to ${max}` })
    .nullable()
    .optional();

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export const ValuationRequestSchema = z
  .strictObject({
    address: z.string({ error: 'address must be text' }).trim().min(3, { error: 'address is too short' }).max(300, { error: 'address is too long' }).optional(),
    latitude: z
      .number({ error: 'latitude must be a number from -90 to 90' })
      .min(-90, { error: 'latitude must be a number from -90 to 90' })
      .max(90, { error: 'latitude must be a number from -90 to 90' })
      .optional(),
    longitude: z
      .number({ error: 'longitude must be a number from -180 to 180' })
      .min(-180, { error: 'longitude must be a number from -180 to 180' })
      .max(180, { error: 'longitude must be a number from -180 to 180' })
      .optional(),
    postalCode: z.string({ error: 'postalCode must be text' }).max(20, { error: 'postalCode is too long' }).nullable().optional(),
    beds: count('beds', 50),
    baths: count('baths', 50),
    livingArea: count('livingArea', 100_000),
    lotSize: count('lotSize', 100_000_000),
    yearBuilt: z
      .number({ error: 'yearBuilt must be a year from 1700' })
      .int({ error: 'yearBuilt must be a year from 1700' })
      .min(1700, { error: 'yearBuilt must be a year from 1700' })
      .max(2200, { error: 'yearBuilt must be a year from 1700' })
      .nullable()
      .optional(),
    propertyType: z.string({ error: 'propertyType must be text' }).max(60, { error: 'propertyType is too long' }).nullable().optional(),
    asOf: z
      .string({ error: 'asOf must be a date, YYYY-MM-DD' })
      .regex(isoDay, { error: 'asOf must be a date, YYYY-MM-DD' })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
        error: 'asOf must be a date, YYYY-MM-DD',
      })
      .optional(),
  })
  .refine((b) => b.address !== undefined || (b.latitude !== undefined && b.longitude !== undefined), {
    error: 'Give an address, or a latitude and a longitude',
  });

export const ValuationAdjustmentSchema = z.strictObject({
  feature: z.enum(['livingArea', 'lotSize', 'beds', 'baths', 'age', 'waterfront', 'view', 'saleDate', 'location']),
  /** Dollars added to the comp's price (negative: taken off) for this difference. */
  dollars: z.number(),
  /** The home's value minus the comp's, in the feature's unit (sq ft, rooms, years, yes = 1, days); for location, the comp's distance in miles. */
  difference: z.number(),
});

export const ValuationCompSchema = z.strictObject({
  pdid: z.string(),
  address: z.string().nullable(),
  closePrice: z.number(),
  closeDate: z.string(),
  distanceMiles: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  livingArea: z.number().nullable(),
  adjustedPrice: z.number(),
  adjustments: z.array(ValuationAdjustmentSchema),
});

export const ValuationSchema = z.strictObject({
  estimate: z.number(),
  low: z.number(),
  high: z.number(),
  /** The weighted share of the adjusted comps within 10 % of the estimate (0–1). */
  confidence: z.number().min(0).max(1),
  asOf: z.string(),
  /** Where the home valued is (its listing's point when given by address). */
  home: z.strictObject({ latitude: z.number(), longitude: z.number() }),
  comps: z.array(ValuationCompSchema),
});

/** The /sell form sent after an instant value: the inquiry's fields and the home as it was valued. */
export const SellerLeadBody = InquiryBody.omit({ ResumeUrl: true, pdid: true, LeadType: true }).extend({
  Home: z.strictObject(
    {
      /** The address as the visitor typed it (or their words for the home picked on the map): what the agent reads. */
      address: z
        .string({ error: 'Home.address must be text' })
        .trim()
        .min(3, { error: 'Type the address of your home' })
        .max(300, { error: 'Home.address is too long' }),
      value: ValuationRequestSchema,
      /** The monthly e-mail of the home's value and the sales nearby (the homeowner digest). */
      digest: z.boolean({ error: 'Home.digest must be true or false' }).optional(),
    },
    { error: 'Home must give the address and what was valued' },
  ),
});

export const CMA_NOTE_MAX = 300;

export const CmaCompSchema = z.strictObject({
  pdid: z.string(),
  address: z.string().nullable(),
  closePrice: z.number(),
  closeDate: z.string(),
  distanceMiles: z.number(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  livingArea: z.number().nullable(),
  /** The sale's price adjusted to the home by the valuation (an added sale: its price). */
  adjustedPrice: z.number(),
  weight: z.number(),
  included: z.boolean(),
  /** The agent's own adjustment, in dollars, on top of adjustedPrice. */
  adjustment: z.number(),
  note: z.string(),
  added: z.boolean(),
});

const CmaSchema = z.strictObject({
  home: z.strictObject({ address: z.string(), estimate: z.number(), low: z.number(), high: z.number(), asOf: z.string() }),
  /** 0: the valuation as it came, not yet edited. */
  version: z.number(),
  /** Null when every comp is dropped. */
  estimate: z.number().nullable(),
  comps: z.array(CmaCompSchema),
  sends: z.array(z.strictObject({ sendId: z.string(), version: z.number(), expiresAt: z.string(), opened: z.boolean() })),
  /** Whether the lead gets the monthly homeowner digest. */
  digest: z.boolean(),
});

const CompEditSchema = z.strictObject({
  pdid: z.string().trim().min(1).max(100),
  included: z.boolean({ error: 'included must be true or false' }),
  adjustment: z
    .number({ error: 'adjustment must be a number of dollars' })
    .min(-10_000_000, { error: 'adjustment must be within $10,000,000' })
    .max(10_000_000, { error: 'adjustment must be within $10,000,000' }),
  note: z.string().max(CMA_NOTE_MAX, { error: `A note is at most ${CMA_NOTE_MAX} characters` }),
});

export const CmaFoundSchema = CmaCompSchema.pick({
  pdid: true,
  address: true,
  closePrice: true,
  closeDate: true,
  distanceMiles: true,
  beds: true,
  baths: true,
  livingArea: true,
});

/** The CMA as the lead reads it through its link: the comps kept, each at its price adjusted to the home. */
const CmaViewSchema = z.strictObject({
  address: z.string(),
  estimate: z.number().nullable(),
  asOf: z.string(),
  agentName: z.string(),
  siteName: z.string(),
  comps: z.array(
    CmaCompSchema.pick({ address: true, closePrice: true, closeDate: true, distanceMiles: true, beds: true, baths: true, livingArea: true, note: true }).extend(
      {
        price: z.number(),
      },
    ),
  ),
});

const CMA_TAG = 'Working a lead';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });

/** The instant value of a home (contract section 14): an estimate from the sold listings held, with its comps. */
export const valuationRoutes = routes('valuation', {
  estimate: {
    method: 'POST',
    path: 'api/valuation',
    summary:
      'An estimated value with a range and the comparable sales it rests on, as of asOf (default today; only sales closed before it). 404: no comparable sale near enough',
    tag: TAG,
    access: 'anyone',
    body: ValuationRequestSchema,
    responses: { 200: ValuationSchema },
  },
  sellerLead: {
    method: 'POST',
    path: 'api/valuation/seller-lead',
    summary:
      "The /sell form: a seller lead (an inquiry of type Seller, routed and followed up as every inquiry) with the home's estimate, range and comps on its timeline, valued again on the server; the same home sent again the same day records nothing new. 409 'Email already in use' as every inquiry; 404: no comparable sale near enough",
    tag: TAG,
    access: 'anyone',
    body: SellerLeadBody,
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), leadId: z.string(), estimate: z.number() }) },
  },
  cma: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/cma',
    summary:
      "The agent's CMA of a seller lead's home: its latest version (version 0: the home value's comps as they came) and the links sent; 404 for a lead without a home value",
    tag: CMA_TAG,
    access: AGENTS,
    params: LeadParams,
    responses: { 200: CmaSchema },
  },
  saveCma: {
    method: 'PUT',
    path: 'api/dashboard/leads/:leadId/cma',
    summary:
      'Saves the next version of the CMA: each comp kept or dropped, adjusted in dollars with a note, sales near the home added by pdid; the estimate is the weighted median of the adjusted prices. 409 when version is not the latest',
    tag: CMA_TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({
      version: z.number({ error: 'version must be the version edited' }).int().min(0),
      comps: z.array(CompEditSchema).max(60, { error: 'At most 60 comps' }),
    }),
    responses: { 200: CmaSchema },
  },
  findCmaSale: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/cma/sales',
    summary: "Sold listings near the lead's home whose MLS number or address holds q (at least 2 characters), to add to the CMA",
    tag: CMA_TAG,
    access: AGENTS,
    params: LeadParams,
    query: z.strictObject({
      q: z
        .string({ error: 'q is required' })
        .trim()
        .max(100)
        .refine((q) => q.length >= 2, { error: 'Type at least 2 characters' }),
    }),
    responses: { 200: z.strictObject({ sales: z.array(CmaFoundSchema) }) },
  },
  sendCma: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/cma/send',
    summary:
      "E-mails the lead a signed link (30 days) to a read-only page of the CMA's latest version; recorded once per sendId; a lead who turned e-mail off: 403",
    tag: CMA_TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({ sendId: z.uuid({ error: 'sendId must be a uuid' }).optional() }),
    responses: { 202: z.strictObject({ sendId: z.string() }) },
  },
  homeDigest: {
    method: 'PUT',
    path: 'api/dashboard/leads/:leadId/home-digest',
    summary:
      "Turns the lead's monthly homeowner digest on or off (the home's estimate and its change, the sales nearby, an Ask for a CMA button; sent only while the lead takes e-mail); 400 for a lead without a home value",
    tag: CMA_TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({ on: z.boolean({ error: 'on must be true or false' }) }),
    responses: { 200: z.strictObject({ on: z.boolean() }) },
  },
  viewCma: {
    method: 'GET',
    path: 'api/cma/:token',
    summary: 'The CMA a lead was sent, read-only, by its signed link (the first opening is recorded); 404 for a forged or expired link',
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ token: z.string().max(300) }),
    responses: { 200: CmaViewSchema },
  },
  digestPixel: {
    method: 'GET',
    path: 'api/home-digest/:month/pixel.gif',
    summary:
      "A homeowner digest's 1×1 tracking image (?t= the signed token): records the month's digest opened (once; only a good token records); the image whatever the token",
    tag: TAG,
    access: 'anyone',
    params: DigestParams,
    query: z.strictObject({ t: z.string().max(300).optional() }),
    produces: 'image/gif',
    responses: { 200: z.unknown() },
  },
  digestClick: {
    method: 'GET',
    path: 'api/home-digest/:month/open',
    summary:
      "A homeowner digest's tracked link (?t= the signed token): records the click (once; only a good token records) and redirects to the page that asks for a CMA in one click (a bad token: the site's seller page)",
    tag: TAG,
    access: 'anyone',
    params: DigestParams,
    query: z.strictObject({ t: z.string().max(300).optional() }),
    produces: 'text/html',
    responses: { 302: z.undefined() },
  },
  cmaRequest: {
    method: 'GET',
    path: 'api/home-digest/cma-request',
    summary:
      "What the digest's CMA request page shows (?t= the token the digest's link redirected with): the home, the site, whether this month's request is already made; 404 for a bad token",
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({ t: z.string({ error: 't must be text' }).max(300, { error: 't is too long' }) }),
    responses: { 200: CmaRequestSchema },
  },
  requestCma: {
    method: 'POST',
    path: 'api/home-digest/cma-request',
    summary:
      "Asks the lead's agent for a CMA of the digest's home (once a month: a repeat changes nothing); the agent is told and the lead score counts it; 404 for a bad token",
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ t: z.string({ error: 't must be text' }).max(300, { error: 't is too long' }) }),
    responses: { 200: CmaRequestSchema },
  },
});
