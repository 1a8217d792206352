import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

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

  it('serves a browsable page from our own origin', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const asset = await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/assets/..%2fpackage.json`)).status).toBe(404);
  });
});
