import { z } from 'zod';
import { routes } from '../route';
import { NOTE_MAX } from '../tasks';
import { PUBLIC_EVENT_TYPES } from '../public-events';

const TAG = 'API v1';
const KEY = 'an API key (Bearer), acting as its maker with their scope';

/** A lead as API v1 shows it. */
export const V1LeadSchema = z.strictObject({
  leadId: z.string(),
  fullName: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  type: z.string(),
  source: z.string(),
  stage: z.string(),
  tags: z.array(z.string()),
  assignedAgentId: z.string().nullable(),
  inPond: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const V1_PAGE_MAX = 100;

const LeadParams = z.strictObject({ leadId: z.string() });
const text = (name: string, max: number) => z.string({ error: `${name} must be text` }).max(max, { error: `${name} must be at most ${max} characters` });

/** A lead from another tool: the person, what they asked about, where from; `externalId` makes a retry safe. */
export const V1NewLeadSchema = z.strictObject({
  source: text('source', 60)
    .trim()
    .refine((t) => t.length > 0, { error: 'source is required' }),
  type: text('type', 60).optional(),
  person: z.strictObject(
    {
      firstName: text('person.firstName', 100).optional(),
      lastName: text('person.lastName', 100).optional(),
      fullName: text('person.fullName', 200).optional(),
      emails: z.array(text('person.emails[]', 254), { error: 'person.emails must be a list' }).max(10).default([]),
      phones: z.array(text('person.phones[]', 40), { error: 'person.phones must be a list' }).max(10).default([]),
    },
    { error: 'person is required' },
  ),
  property: z
    .strictObject({
      street: text('property.street', 200).optional(),
      city: text('property.city', 100).optional(),
      state: text('property.state', 50).optional(),
      zip: text('property.zip', 20).optional(),
      mlsNumber: text('property.mlsNumber', 50).optional(),
      price: z.number({ error: 'property.price must be a number' }).nonnegative().optional(),
    })
    .optional(),
  message: text('message', 5000).optional(),
  tags: z.array(text('tags[]', 40)).max(30, { error: 'at most 30 tags' }).optional(),
  externalId: text('externalId', 200)
    .trim()
    .refine((t) => t.length > 0, { error: 'externalId must not be empty' })
    .optional(),
});
const Taken = z.strictObject({ leadId: z.string(), created: z.boolean() });

/** API v1 (contract section 12): the brokerage's other tools, with a bearer API key, never the session cookie. */
export const v1Routes = routes('v1', {
  createLead: {
    method: 'POST',
    path: 'api/v1/leads',
    summary:
      'A lead from another tool, with at least a valid e-mail or phone: a new person is a new lead (201); one the office has by an e-mail or phone gets the inquiry on their timeline (200); the same source and externalId again gives the same answer',
    tag: TAG,
    access: KEY,
    bearer: true,
    body: V1NewLeadSchema,
    responses: { 201: Taken, 200: Taken },
  },
  listLeads: {
    method: 'GET',
    path: 'api/v1/leads',
    summary: "The key's leads, oldest first; `updatedSince` keeps those with activity since; follow `nextCursor` (null: the last page)",
    tag: TAG,
    access: KEY,
    bearer: true,
    query: z.strictObject({
      updatedSince: z.iso.datetime({ offset: true, error: 'updatedSince must be an ISO 8601 date-time' }).optional(),
      limit: z.coerce
        .number({ error: 'limit must be a number' })
        .int()
        .min(1, { error: 'limit must be 1 to 100' })
        .max(V1_PAGE_MAX, { error: 'limit must be 1 to 100' })
        .optional(),
      cursor: z.string().max(200).optional(),
    }),
    responses: { 200: z.strictObject({ leads: z.array(V1LeadSchema), nextCursor: z.string().nullable() }) },
  },
  updateLead: {
    method: 'PATCH',
    path: 'api/v1/leads/:leadId',
    summary: "Change a lead's stage (one of the office's pipeline), tags (the whole list) or agent (brokers, staff)",
    tag: TAG,
    access: KEY,
    bearer: true,
    params: LeadParams,
    body: z.strictObject({
      stage: text('stage', 200).optional(),
      tags: z.array(text('tags[]', 200)).max(100).optional(),
      assignedAgentId: z.uuid({ error: 'assignedAgentId is not an id' }).optional(),
    }),
    responses: { 200: V1LeadSchema },
  },
  writeNote: {
    method: 'POST',
    path: 'api/v1/leads/:leadId/notes',
    summary: 'Write a note on a lead (never shown to the lead)',
    tag: TAG,
    access: KEY,
    bearer: true,
    params: LeadParams,
    body: z.strictObject({
      text: z
        .string({ error: 'text is required' })
        .trim()
        .max(NOTE_MAX)
        .refine((t) => t.length > 0, { error: 'text is required' }),
    }),
    responses: { 201: z.strictObject({ noteId: z.string() }) },
  },
  events: {
    method: 'GET',
    path: 'api/v1/events',
    summary:
      "The key's events after a position, in store order (the events webhooks send): backfill, or catch up after an outage; `next` is the position to ask after next",
    tag: TAG,
    access: KEY,
    bearer: true,
    query: z.strictObject({
      after: z.coerce.number({ error: 'after must be a position (a number)' }).int().min(0, { error: 'after must be a position (a number)' }).optional(),
      limit: z.coerce
        .number({ error: 'limit must be a number' })
        .int()
        .min(1, { error: 'limit must be 1 to 1000' })
        .max(1000, { error: 'limit must be 1 to 1000' })
        .optional(),
    }),
    responses: {
      200: z.strictObject({
        events: z.array(
          z.strictObject({
            id: z.string(),
            type: z.enum(PUBLIC_EVENT_TYPES),
            occurredAt: z.string(),
            position: z.number().int(),
            data: z.record(z.string(), z.unknown()),
          }),
        ),
        next: z.number().int(),
      }),
    },
  },
  getLead: {
    method: 'GET',
    path: 'api/v1/leads/:leadId',
    summary: "One lead in the key's scope (else 404)",
    tag: TAG,
    access: KEY,
    bearer: true,
    params: LeadParams,
    responses: { 200: V1LeadSchema },
  },
});

/** The document of v1 alone, public: an integrator builds a client from it. */
export const v1DocsRoutes = routes('v1Docs', {
  openapi: {
    method: 'GET',
    path: 'api/v1/openapi.json',
    summary: 'The OpenAPI 3.1 document of API v1',
    tag: 'Docs',
    access: 'anyone',
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
});
