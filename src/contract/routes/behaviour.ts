import { z } from 'zod';
import { BehaviourAlertViewSchema, BehaviourThresholdsSchema, BehaviourThresholdsViewSchema } from '../behaviour-alerts';
import { routes } from '../route';

const TAG = 'Working a lead';
const LIMIT = 'limit must be a whole number from 1 to 200';

/** Behaviour alerts (issue 19 part 2): the alerts the viewer is told of, and an office's thresholds. */
export const behaviourRoutes = routes('behaviour', {
  alerts: {
    method: 'GET',
    path: 'api/dashboard/behaviour-alerts',
    summary: 'The newest behaviour alerts the viewer is told of (one lead’s with leadId; 404: not a lead of yours)',
    tag: TAG,
    access: 'agents (their own), brokers (their office), staff (all)',
    query: z.strictObject({
      leadId: z.string().optional(),
      limit: z.coerce.number({ error: LIMIT }).int({ error: LIMIT }).min(1, { error: LIMIT }).max(200, { error: LIMIT }).optional(),
    }),
    responses: { 200: z.strictObject({ alerts: z.array(BehaviourAlertViewSchema) }) },
  },
  thresholds: {
    method: 'GET',
    path: 'api/dashboard/behaviour-thresholds',
    summary: 'The behaviour-alert thresholds of the viewer’s office (staff: ?scope=<broker id>)',
    tag: TAG,
    access: 'agents (read), brokers, staff',
    query: z.strictObject({ scope: z.string().optional() }),
    responses: { 200: BehaviourThresholdsViewSchema },
  },
  changeThresholds: {
    method: 'PUT',
    path: 'api/dashboard/behaviour-thresholds',
    summary: 'Change an office’s behaviour-alert thresholds (a new version, from the lead’s next doing on; 400: out of bounds, 403: agents)',
    tag: TAG,
    access: 'brokers (their office), staff (an office by scope)',
    body: z.strictObject({ thresholds: BehaviourThresholdsSchema, scope: z.string().optional() }),
    responses: { 200: BehaviourThresholdsViewSchema },
  },
});
