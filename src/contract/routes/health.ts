import { z } from 'zod';
import { routes } from '../route';

const TAG = 'Health';
const Ok = z.strictObject({ status: z.literal('ok') });
/** Outside production, on loopback and for staff: each projection's position, lag, state and error. */
const Details = z.strictObject({
  status: z.literal('ok'),
  eventStore: z.enum(['postgres', 'kurrentdb']),
  projections: z.array(z.strictObject({ name: z.string(), position: z.string(), lag: z.number(), state: z.string(), error: z.string().optional() })),
});
/** In production, to anyone else: the contract's shape (section 1) without the states and errors, which describe the inside. */
const Shape = z.strictObject({
  status: z.literal('ok'),
  eventStore: z.enum(['postgres', 'kurrentdb']),
  projections: z.array(z.strictObject({ name: z.string(), position: z.string(), lag: z.number() })),
});

/** Probes for the load balancer and the orchestrator, and the deployment's status. */
export const healthRoutes = routes('health', {
  live: {
    method: 'GET',
    path: 'health/live',
    summary: 'Liveness: 200 while the process serves requests, whatever the database does',
    tag: TAG,
    access: 'anyone',
    responses: { 200: Ok },
  },
  ready: {
    method: 'GET',
    path: 'health/ready',
    summary: 'Readiness: 200 when the database answers and no projection of this process is stopped by an error; else 503 naming what fails',
    tag: TAG,
    access: 'anyone',
    responses: { 200: Ok, 503: z.strictObject({ status: z.literal('failing'), failing: z.array(z.string()) }) },
  },
  status: {
    method: 'GET',
    path: 'health',
    summary:
      "The deployment's status and its projections' lag in events (production, from outside and not staff: without their states and errors); 503 when the database cannot be reached",
    tag: TAG,
    access: 'anyone',
    responses: {
      200: z.union([Details, Shape]),
      503: z.union([z.strictObject({ status: z.literal('unavailable'), message: z.string() }), z.strictObject({ status: z.literal('unavailable') })]),
    },
  },
});
