import { z } from 'zod';
import { routes } from '../route';

const TAG = 'API keys';
const AGENTS = 'agents, brokers, staff (their own keys)';
export const API_KEY_NAME_MAX = 80;

const keyName = z
  .string({ error: 'name is required' })
  .trim()
  .max(API_KEY_NAME_MAX, { error: `name must be at most ${API_KEY_NAME_MAX} characters` })
  .refine((t) => t.length > 0, { error: 'name is required' });

export const ApiKeyViewSchema = z.strictObject({ keyId: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });

/** Keys for the brokerage's other tools (contract section 12): each acts as the user who made it, with their scope. */
export const apiKeysRoutes = routes('apiKeys', {
  create: {
    method: 'POST',
    path: 'api/dashboard/api-keys',
    summary: 'Make an API key (the key is in this answer only; it is stored hashed)',
    tag: TAG,
    access: AGENTS,
    body: z.strictObject({ name: keyName }),
    responses: { 201: z.strictObject({ keyId: z.string(), name: z.string(), key: z.string() }) },
  },
  list: {
    method: 'GET',
    path: 'api/dashboard/api-keys',
    summary: "The viewer's API keys that still work, newest first",
    tag: TAG,
    access: AGENTS,
    responses: { 200: z.strictObject({ keys: z.array(ApiKeyViewSchema) }) },
  },
  revoke: {
    method: 'DELETE',
    path: 'api/dashboard/api-keys/:keyId',
    summary: 'Revoke an API key: refused from the next call on',
    tag: TAG,
    access: AGENTS,
    params: z.strictObject({ keyId: z.string() }),
    responses: { 204: z.undefined() },
  },
});
