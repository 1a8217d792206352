import { z } from 'zod';
import { routes } from '../route';
import { StarterCopyResultSchema, StarterKitViewSchema } from '../starter-kit';

const TAG = 'Action plans';
const Office = z.strictObject({ officeId: z.uuid({ error: 'officeId must be a broker id' }).optional() });
// The key is checked by the handler, whose message says what a key is.
const KeyParams = z.strictObject({ key: z.string() });

/** The starter kit (issue 30 part 5): plans and templates shipped with the product, copied into an office. */
export const starterKitRoutes = routes('starterKit', {
  list: {
    method: 'GET',
    path: 'api/dashboard/starter-kit',
    summary: 'The starter plans and templates, and which the office already holds a copy of',
    tag: TAG,
    access: 'agents, brokers, staff (officeId)',
    query: Office,
    responses: { 200: StarterKitViewSchema },
  },
  copyPlan: {
    method: 'POST',
    path: 'api/dashboard/starter-kit/plans/:key/copy',
    summary: 'Copy a starter plan (and the templates it sends) into the office; a repeat answers the copy already made',
    tag: TAG,
    access: 'brokers, staff (officeId)',
    params: KeyParams,
    body: Office,
    responses: { 200: StarterCopyResultSchema },
  },
  copyTemplate: {
    method: 'POST',
    path: 'api/dashboard/starter-kit/templates/:key/copy',
    summary: 'Copy a starter e-mail template into the office; a repeat answers the copy already made (409: the office has a template of that name)',
    tag: TAG,
    access: 'brokers, staff (officeId)',
    params: KeyParams,
    body: Office,
    responses: { 200: StarterCopyResultSchema },
  },
});
