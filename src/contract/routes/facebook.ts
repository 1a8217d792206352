import { z } from 'zod';
import { routes } from '../route';

const TAG = 'Facebook lead ads';
const BROKERS = 'brokers (their office’s pages)';
export const FACEBOOK_SOURCE_MAX = 120;

/** A Graph id: Meta's ids are decimal numbers. */
const graphId = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .regex(/^\d{1,30}$/, { error: `${what} must be the number Facebook shows for it` });

export const FacebookPageViewSchema = z.strictObject({
  pageId: z.string(),
  name: z.string(),
  connectedAt: z.string(),
  /** 'reconnect': Meta refused the page token; `problem` holds Meta's words. */
  status: z.enum(['connected', 'reconnect']),
  problem: z.string().nullable(),
});
export const FacebookFormViewSchema = z.strictObject({
  formId: z.string(),
  name: z.string(),
  status: z.string(),
  /** The source its leads are filed under (the lead flow routes by it). */
  source: z.string(),
  named: z.boolean(),
});
export const FacebookLeadStatsSchema = z.strictObject({
  days: z.number(),
  forms: z.array(
    z.strictObject({
      officeId: z.string(),
      pageId: z.string(),
      formId: z.string(),
      formName: z.string(),
      source: z.string(),
      leads: z.number(),
      lastAt: z.string(),
    }),
  ),
  perDay: z.array(z.strictObject({ day: z.string(), formId: z.string(), leads: z.number() })),
});

/** Meta's lead ads webhook, the pages an office connects, their forms' sources, and the back-office's counts (contract section 12). */
export const facebookRoutes = routes('facebook', {
  verify: {
    method: 'GET',
    path: 'api/inbound/facebook',
    summary: "Meta's webhook verification: hub.mode=subscribe and hub.verify_token = FACEBOOK_VERIFY_TOKEN → the hub.challenge as text, else 403",
    tag: TAG,
    access: 'anyone',
    query: z.object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().optional() }),
    produces: 'text/plain',
    responses: { 200: z.string() },
  },
  receive: {
    method: 'POST',
    path: 'api/inbound/facebook',
    summary:
      "Meta's page webhook (leadgen changes), signed with X-Hub-Signature-256 over the raw body (FACEBOOK_APP_SECRET; else 403, nothing read past 256 KB); each lead is fetched and taken in once, after the answer",
    tag: TAG,
    access: 'anyone',
    // Read as bytes and checked against the signature before it is parsed.
    body: z.object({ object: z.string(), entry: z.array(z.unknown()) }),
    responses: { 200: z.strictObject({ message: z.string(), leads: z.number() }) },
  },
  pages: {
    method: 'GET',
    path: 'api/dashboard/facebook/pages',
    summary: "The office's connected Facebook pages (never their tokens)",
    tag: TAG,
    access: BROKERS,
    responses: { 200: z.strictObject({ pages: z.array(FacebookPageViewSchema) }) },
  },
  connect: {
    method: 'POST',
    path: 'api/dashboard/facebook/pages',
    summary: 'Connect a page (or reconnect it) with its page access token; the token is checked with the Graph API, sealed, and never shown back',
    tag: TAG,
    access: BROKERS,
    body: z.strictObject({
      pageId: graphId('pageId'),
      accessToken: z
        .string({ error: 'accessToken is required' })
        .trim()
        .min(20, { error: 'accessToken looks too short for a page access token' })
        .max(1000, { error: 'accessToken is too long' }),
    }),
    responses: { 201: FacebookPageViewSchema },
  },
  disconnect: {
    method: 'DELETE',
    path: 'api/dashboard/facebook/pages/:pageId',
    summary: 'Disconnect a page: its token is forgotten, its leads no longer come in',
    tag: TAG,
    access: BROKERS,
    params: z.strictObject({ pageId: z.string() }),
    responses: { 204: z.undefined() },
  },
  forms: {
    method: 'GET',
    path: 'api/dashboard/facebook/pages/:pageId/forms',
    summary: "The page's lead forms, read from the Graph API, each with the source its leads are filed under; a refused token → 409 with Meta's words",
    tag: TAG,
    access: BROKERS,
    params: z.strictObject({ pageId: z.string() }),
    responses: { 200: z.strictObject({ forms: z.array(FacebookFormViewSchema) }) },
  },
  nameForm: {
    method: 'PUT',
    path: 'api/dashboard/facebook/pages/:pageId/forms/:formId',
    summary: 'The source a form’s leads are filed under (the lead flow routes by it; default "Facebook: <form name>")',
    tag: TAG,
    access: BROKERS,
    params: z.strictObject({ pageId: z.string(), formId: graphId('formId') }),
    body: z.strictObject({
      source: z
        .string({ error: 'source is required' })
        .trim()
        .max(FACEBOOK_SOURCE_MAX, { error: `source must be at most ${FACEBOOK_SOURCE_MAX} characters` })
        .refine((s) => s.length > 0, { error: 'source is required' }),
    }),
    responses: { 204: z.undefined() },
  },
  stats: {
    method: 'GET',
    path: 'api/backoffice/facebook-leads',
    summary: 'Facebook ad leads per form and per day over the last `days` (default 30)',
    tag: TAG,
    access: 'staff',
    query: z.strictObject({ days: z.coerce.number({ error: 'days must be a number' }).int().min(1).max(366).default(30) }),
    responses: { 200: FacebookLeadStatsSchema },
  },
});
