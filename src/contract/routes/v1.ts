import { z } from 'zod';
import { routes } from '../route';

const TAG = 'API v1';
const KEY = 'an API key (Bearer), acting as its maker with their scope';

/** A lead as API v1 shows it. */
export const V1LeadSchema = z.strictObject({
  leadId: z.string(),
  fullName: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  stage: z.string(),
  tags: z.array(z.string()),
  assignedAgentId: z.string().nullable(),
  officeId: z.string().nullable(),
  inPond: z.boolean(),
});

const LeadParams = z.strictObject({ leadId: z.string() });

/** API v1 (contract section 12): the brokerage's other tools, with a bearer API key, never the session cookie. */
export const v1Routes = routes('v1', {
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
