import type { z } from 'zod';
import type { Route } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { jsonSchemaOf } from '../../../http/contract/json-schema';
import { isBodyless, successStatus } from '../../../http/contract/route.decorator';

const MESSAGE = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
const REFUSALS: Record<string, string> = {
  '400': 'The request is not valid: {message} says why',
  '401': 'No API key, or a wrong or revoked one',
  '404': "Not there, or outside the key's scope",
  '429': 'Too many calls with this key: wait the Retry-After seconds',
};

function operation(route: Route): Record<string, unknown> {
  const status = successStatus(route);
  const parameters = [
    ...Object.entries(route.params?.shape ?? {}).map(([name, s]) => ({ name, in: 'path', required: true, schema: jsonSchemaOf(s as z.ZodType) })),
    ...Object.entries(route.query?.shape ?? {}).map(([name, s]) => ({
      name,
      in: 'query',
      required: !(s as z.ZodType).safeParse(undefined).success,
      schema: jsonSchemaOf(s as z.ZodType),
    })),
  ];
  const responses: Record<string, unknown> = {};
  for (const [code, schema] of Object.entries(route.responses)) {
    responses[code] = isBodyless(schema!)
      ? { description: 'Done' }
      : { description: Number(code) === status ? 'Done' : 'See the schema', content: { 'application/json': { schema: jsonSchemaOf(schema!) } } };
  }
  for (const [code, description] of Object.entries(REFUSALS)) {
    responses[code] = {
      description,
      content: { 'application/json': { schema: MESSAGE } },
      ...(code === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
    };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } } } : {}),
    responses,
  };
}

/**
 * The public OpenAPI 3.1 document of API v1 alone, from the same route declarations the server
 * validates with: what an integrator builds a client from. The whole app's stays at /api/openapi.json.
 */
export function v1OpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of Object.values(contract.v1) as Route[]) {
    const p = `/${route.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[p] = { ...paths[p], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Porchlight API v1',
      version,
      description:
        'Leads and their events for the brokerage’s other tools. Every call takes `Authorization: Bearer <API key>` (made in Settings → API); a key acts as the user who made it, with their scope. Errors answer `{message}`.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (plk_…) made in Settings → API' } } },
    paths,
  };
}
