import { z } from 'zod';
import { AccountAdminSchema, HistoryEntrySchema, MEMBER_STATUSES, MemberSchema, PersonSchema } from '../backoffice';
import { routes } from '../route';
import { BACKOFFICE, UserParams } from './account-action';

const TAG = 'Back-office';

const instant = z.iso.datetime({ offset: true }).or(z.iso.date());
const FilterQuery = z.strictObject({ type: z.string().max(2000).optional(), from: instant.optional(), to: instant.optional() });
const page = (max: number) => z.coerce.number().int().min(1).max(max).optional();
const text = z.string().max(200).optional();

const People = z.record(z.string(), PersonSchema);
/** The account as folded from its stream (secrets redacted): the accounts context's own state. */
const AccountStateSchema = z.looseObject({ exists: z.boolean() });
export type AccountState = Readonly<z.infer<typeof AccountStateSchema>>;
const HistoryFilterSchema = z.strictObject({ types: z.array(z.string()).readonly().optional(), from: z.string().optional(), to: z.string().optional() });
const SiteSchema = z.strictObject({ siteId: z.string(), subdomain: z.string(), name: z.string() });

/** An account, its history and the member search (staff only). */
export const backofficeRoutes = routes('backoffice', {
  ping: {
    method: 'GET',
    path: `${BACKOFFICE}/ping`,
    summary: 'Is the back-office reachable for this staff member',
    tag: TAG,
    access: 'staff',
    responses: { 200: z.strictObject({ ok: z.literal(true), userId: z.string(), at: z.string() }) },
  },
  stats: {
    method: 'GET',
    path: `${BACKOFFICE}/stats`,
    summary: 'Members by level and status, sites, events and live impersonations',
    tag: TAG,
    access: 'staff',
    responses: {
      200: z.strictObject({
        membersByLevel: z.record(z.string(), z.number()),
        membersByStatus: z.record(z.string(), z.number()),
        sites: z.number(),
        activeImpersonations: z.number(),
      }),
    },
  },
  findMembers: {
    method: 'GET',
    path: `${BACKOFFICE}/findmembers`,
    summary: 'Member search by name, e-mail, phone, site, level and status; paged',
    tag: TAG,
    access: 'staff',
    query: z.strictObject({
      q: text,
      email: text,
      name: text,
      phone: text,
      site: text,
      level: z.enum(['5', '10', '15', '25']).optional(),
      status: z.enum(MEMBER_STATUSES).optional(),
      page: page(10_000),
      perpage: z.coerce.number().int().min(1).max(100).optional(),
    }),
    responses: { 200: z.strictObject({ members: z.array(MemberSchema).readonly(), total: z.number(), page: z.number(), perpage: z.number() }) },
  },
  search: {
    method: 'GET',
    path: `${BACKOFFICE}/search`,
    summary: 'Quick search: the first members and sites matching the words',
    tag: TAG,
    access: 'staff',
    query: z.strictObject({ q: z.string().max(200) }),
    responses: {
      200: z.strictObject({ members: z.array(MemberSchema).readonly(), sites: z.array(SiteSchema.extend({ ownerUserId: z.string() })).readonly() }),
    },
  },
  account: {
    method: 'GET',
    path: `${BACKOFFICE}/accounts/:userId`,
    summary: 'An account: member row, current state (secrets redacted) and back-office record',
    tag: TAG,
    access: 'staff',
    params: UserParams,
    responses: {
      200: z.strictObject({
        userId: z.string(),
        member: MemberSchema.nullable(),
        account: AccountStateSchema,
        admin: AccountAdminSchema,
        ownedSites: z.array(SiteSchema).readonly(),
        people: People,
      }),
    },
  },
  history: {
    method: 'GET',
    path: `${BACKOFFICE}/accounts/:userId/history`,
    summary: "Every event of the account's streams and of the streams about it, newest first",
    tag: TAG,
    access: 'staff',
    params: UserParams,
    query: FilterQuery.extend({ page: page(100_000), perpage: z.coerce.number().int().min(1).max(500).optional() }),
    responses: {
      200: z.strictObject({
        userId: z.string(),
        events: z.array(HistoryEntrySchema).readonly(),
        total: z.number(),
        page: z.number(),
        perpage: z.number(),
        types: z.array(z.string()).readonly(),
        people: People,
      }),
    },
  },
  historyExport: {
    method: 'GET',
    path: `${BACKOFFICE}/accounts/:userId/history/export`,
    summary: 'The (filtered) history as a JSON file',
    tag: TAG,
    access: 'staff',
    params: UserParams,
    query: FilterQuery,
    responses: {
      200: z.strictObject({
        userId: z.string(),
        email: z.string(),
        exportedAt: z.string(),
        filter: HistoryFilterSchema,
        total: z.number(),
        events: z.array(HistoryEntrySchema).readonly(),
      }),
    },
  },
  state: {
    method: 'GET',
    path: `${BACKOFFICE}/accounts/:userId/state`,
    summary: 'The account folded up to an event (position), or now',
    tag: TAG,
    access: 'staff',
    params: UserParams,
    query: z.strictObject({
      position: z
        .string()
        .regex(/^\d{1,19}$/, 'position must be a log position')
        .optional(),
    }),
    responses: {
      200: z.strictObject({
        userId: z.string(),
        asOf: z.strictObject({ position: z.string(), eventId: z.string(), type: z.string(), at: z.string() }).nullable(),
        account: AccountStateSchema,
        admin: AccountAdminSchema,
      }),
    },
  },
  become: {
    method: 'POST',
    path: `${BACKOFFICE}/become/:userId`,
    summary:
      'Act as a user for at most 30 minutes, with a reason; not for staff accounts (sets the new session cookie; 403: a staff account, 404: no such account)',
    tag: TAG,
    access: 'staff',
    params: UserParams,
    body: z.strictObject({ reason: z.string().max(1000), returnUrl: z.string().max(2000).nullable().optional() }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), userId: z.string(), expiresAt: z.string(), redirectUrl: z.string() }) },
  },
});
