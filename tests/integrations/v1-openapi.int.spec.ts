import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/contract/route';
import { contract } from '../../src/contract/routes';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

type Op = {
  operationId: string;
  security?: unknown;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe('the public OpenAPI document of API v1 alone', () => {
  const app = dashboardServer(undefined, { NODE_ENV: 'production', PUBLIC_API_DOCS: '0' });

  it('is served to anyone, validates as OpenAPI 3.1, holds only /api/v1 with request and response schemas, the bearer scheme, and operationIds a generator accepts', async () => {
    const res = await WebClient.for(app.server.url, 'localhost').get('/api/v1/openapi.json');
    expect(res.status, res.text).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, Op>>;
      components: { securitySchemes: Record<string, unknown> };
      security: unknown;
    };
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(doc.components.securitySchemes).toEqual({ apiKey: { type: 'http', scheme: 'bearer', description: expect.any(String) } });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const routes = Object.values(contract.v1) as Route[];
    expect(ops.map((o) => o.operationId).sort()).toEqual(routes.map((r) => r.operationId).sort());
    for (const op of ops) {
      expect(op.operationId).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      const ok = Object.entries(op.responses).filter(([s]) => s.startsWith('2'));
      expect(ok.length, op.operationId).toBeGreaterThan(0);
      for (const [, answer] of ok) expect(answer.content?.['application/json']?.schema, op.operationId).toBeDefined();
      expect(op.responses['401'], op.operationId).toBeDefined();
      expect(op.responses['429'], op.operationId).toBeDefined();
    }
    for (const route of routes.filter((r) => r.body)) {
      const op = doc.paths[`/${route.path.replace(/:(\w+)/g, '{$1}')}`]![route.method.toLowerCase()]!;
      expect(op.requestBody?.content['application/json']?.schema, route.operationId).toBeDefined();
    }
    // The person's fields are described, not an opaque object.
    const create = doc.paths['/api/v1/leads']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('externalId');
  });
});
