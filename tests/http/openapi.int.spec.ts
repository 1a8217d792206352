import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../src/contract/route';
import { contract } from '../../src/contract/routes';
import { isBodyless, successStatus } from '../../src/http/contract/route.decorator';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

type Operation = {
  operationId: string;
  security?: unknown;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, unknown> } };

describe('API documentation', () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('lists every route the server serves, with request schemas where handlers declare them', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health']?.get).toBeDefined();
    expect(doc.paths['/api/account/login']?.post).toBeDefined();
    expect(doc.paths['/api/search']?.get).toBeDefined();
    expect(doc.paths['/api/details/{pdid}']?.get).toBeDefined();
  });

  it('validates, and gives every contract route its request and response schemas, a cookie scheme and an operationId generators accept', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApi;
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.components?.securitySchemes?.session).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sid' }));

    const operations = Object.entries(doc.paths).flatMap(([path, verbs]) => Object.entries(verbs).map(([verb, op]) => ({ path, verb, ...op })));
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);

    const declared: Route[] = Object.values(contract).flatMap((area) => Object.values(area));
    for (const route of declared) {
      const op = doc.paths[`/${route.path.replace(/:(\w+)/g, '{$1}')}`]?.[route.method.toLowerCase()];
      expect(op?.operationId, route.operationId).toBe(route.operationId);
      const answers = Object.entries(op!.responses).filter(([status]) => status.startsWith('2') || status.startsWith('3'));
      expect(answers.length, route.operationId).toBeGreaterThan(0);
      for (const [status, answer] of answers) {
        if (isBodyless(route.responses[Number(status)]!)) expect(answer.content, route.operationId).toBeUndefined();
        else
          expect(
            answer.content?.[Number(status) === successStatus(route) ? (route.produces ?? 'application/json') : 'application/json']?.schema,
            route.operationId,
          ).toBeDefined();
      }
      if (route.body) expect(op!.requestBody?.content?.[route.consumes ?? 'application/json']?.schema, route.operationId).toBeDefined();
      if (route.bearer) expect(op!.security, route.operationId).toEqual([{ apiKey: [] }]);
      else if (route.access !== 'anyone') expect(op!.security).toEqual([{ session: [] }]);
    }
  });

  it('gives every route it documents a declared answer: a schema under its media type, or none for a bodyless answer', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApi;
    const declared = new Map(
      Object.values(contract)
        .flatMap((area) => Object.values(area))
        .map((r: Route) => [`${r.method.toLowerCase()} /${r.path.replace(/:(\w+)/g, '{$1}')}`, r]),
    );
    const undeclared: string[] = [];
    for (const [path, verbs] of Object.entries(doc.paths)) {
      for (const [verb, op] of Object.entries(verbs)) {
        const route = declared.get(`${verb} ${path}`);
        if (!route) undeclared.push(`${verb.toUpperCase()} ${path}`);
        const answers = Object.entries(op.responses).filter(([status]) => /^[23]\d\d$/.test(status));
        expect(answers.length, `${verb} ${path}`).toBeGreaterThan(0);
        for (const [status, answer] of answers) {
          if (route && isBodyless(route.responses[Number(status)]!)) continue;
          expect(Object.values(answer.content ?? {})[0]?.schema, `${verb.toUpperCase()} ${path} ${status}`).toBeDefined();
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('serves a browsable page from our own origin', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const asset = await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/assets/..%2fpackage.json`)).status).toBe(404);
  });
});
