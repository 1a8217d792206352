import { z } from 'zod';
import { routes } from '../route';

const TAG = 'Compliance';
const AGENTS = 'agents, brokers, staff (their scope)';
const LeadParams = z.strictObject({ leadId: z.string() });

/** What a brokerage answers for (contract section 13): consent in the lead's words and the evidence of it. */
export const complianceRoutes = routes('compliance', {
  confirmRevocation: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/consent/confirm-revocation',
    summary: "Read the lead's newest unclear message as a revocation: that channel's consent goes off (409 when nothing is left to confirm)",
    tag: TAG,
    access: AGENTS,
    params: LeadParams,
    body: z.strictObject({}),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), channel: z.enum(['text', 'email']) }) },
  },
});
