import { z } from 'zod';
import { instantField, oneOf } from '../fields';
import { routes } from '../route';
import { SHOWING_CHANGES, ShowingViewSchema } from '../showings';
import { TaskViewSchema } from '../tasks';

const TAG = 'Showings';
const AGENTS = 'agents, brokers, staff (their scope)';
const scope = oneOf(['mine', 'office'] as const, 'scope must be mine or office').optional();

/** Showings as appointments and the calendar they share with tasks (contract section 5b). */
export const showingsRoutes = routes('showings', {
  list: {
    method: 'GET',
    path: 'api/dashboard/showings',
    summary: "Showings overlapping [from, to): mine, the office's, or one lead's",
    tag: TAG,
    access: AGENTS,
    query: z.strictObject({
      from: instantField('from').optional(),
      to: instantField('to').optional(),
      scope,
      leadId: z.uuid({ error: 'leadId is not an id' }).optional(),
    }),
    responses: { 200: z.strictObject({ showings: z.array(ShowingViewSchema) }) },
  },
  calendar: {
    method: 'GET',
    path: 'api/dashboard/calendar',
    summary: "The calendar: showings and tasks due in [from, to), and the viewer's time zone",
    tag: TAG,
    access: AGENTS,
    query: z.strictObject({ from: instantField('from'), to: instantField('to'), scope }),
    responses: { 200: z.strictObject({ timeZone: z.string(), showings: z.array(ShowingViewSchema), tasks: z.array(TaskViewSchema) }) },
  },
  propose: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/showings',
    summary: 'Propose (or book) a showing of a listing to a lead',
    tag: TAG,
    access: AGENTS,
    params: z.strictObject({ leadId: z.string() }),
    body: z.strictObject({
      pdid: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' }),
      start: instantField('start'),
      end: instantField('end').optional(),
      /** 'confirmed': the lead agreed already (the invitation goes at once); else a proposal the agent confirms later. */
      status: oneOf(['requested', 'confirmed'] as const, 'status must be requested or confirmed').optional(),
      message: z.string().trim().max(1000).optional(),
      /** The form's own id for this showing: sending it again (a retry) makes it once. */
      showingId: z.uuid().optional(),
    }),
    responses: { 201: z.strictObject({ showingId: z.string() }) },
  },
  change: {
    method: 'PATCH',
    path: 'api/dashboard/showings/:showingId',
    summary: 'Confirm, move, cancel or complete a showing',
    tag: TAG,
    access: "agents, brokers, staff (the lead's scope)",
    params: z.strictObject({ showingId: z.string() }),
    body: z.strictObject({
      status: oneOf(SHOWING_CHANGES, 'status must be confirmed, cancelled or done').optional(),
      start: instantField('start').optional(),
      end: instantField('end').optional(),
    }),
    responses: {
      200: z.strictObject({
        isSuccess: z.literal(true),
        showing: ShowingViewSchema.pick({ showingId: true, leadId: true, pdid: true, address: true, timeZone: true, start: true, end: true, status: true }),
      }),
    },
  },
});
