import { z } from 'zod';

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `at most ${max} characters` })
    .optional();
const numberish = z
  .union([z.string().max(50), z.number()])
  .optional()
  .transform((v) => (v === undefined ? undefined : String(v)));

/** The payload of the product description (section 3), plus the listing's pdid and the terms box (also the body of a lead added by hand). */
export const InquiryBody = z.strictObject({
  AcceptTerms: z.boolean().optional(),
  FullName: text(200),
  Email: text(320),
  Phone: text(40),
  Message: text(5000),
  LeadType: text(50),
  ResumeUrl: text(200),
  Street: text(200),
  City: text(100),
  State: text(50),
  Zip: text(20),
  BuyerLocation: text(200),
  BuyerMinPrice: numberish,
  BuyerMaxPrice: numberish,
  BuyerBeds: numberish,
  BuyerPropertyTypes: z
    .union([z.string().max(300), z.array(z.string().max(50)).max(20)])
    .optional()
    .transform((v) => (Array.isArray(v) ? v.join(', ') : v)),
  PropertyAddress: text(300),
  PropertyStyle: text(100),
  PropertySqFt: numberish,
  PropertyAge: numberish,
  PropertyBeds: numberish,
  PropertyBaths: numberish,
  PropertyFeatures: text(1000),
  SellerReason: text(1000),
  SellerTimeframe: text(100),
  ReferralFullName: text(200),
  ReferralEmail: text(320),
  ReferralPhone: text(40),
  pdid: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' })
    .optional(),
  /** Sent from an agent's public page (/agents/{name}-{key}): the page's key; the lead goes to that agent. */
  AgentKey: z
    .string()
    .regex(/^[0-9a-f]{12}$/, { error: 'AgentKey is not an agent page key' })
    .optional(),
});

/** The inquiry's payload (no terms box, no resume upload), the site and agent, and tags: a lead added by hand. */
export const AddLeadBody = InquiryBody.omit({ AcceptTerms: true, ResumeUrl: true, AgentKey: true }).extend({
  siteId: z.uuid({ error: 'siteId is not an id' }).optional(),
  agentId: z.uuid({ error: 'agentId is not an id' }).optional(),
  Tags: z.union([z.string().max(1000), z.array(z.string().max(50)).max(20)]).optional(),
});
