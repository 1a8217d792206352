import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { castOf, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

/** A caller on another machine, as the proxy in front names it (TRUST_PROXY=1 here). */
const OUTSIDE = { 'x-forwarded-for': '203.0.113.9' };

describe('production: the API documentation is for staff, /health details for loopback and staff', () => {
  let db: TestDatabase;
  let server: Started;
  let staff: WebClient;
  let agent: WebClient;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { NODE_ENV: 'production', LOG_LEVEL: 'error', TRUST_PROXY: '1' }));
    const cast = await castOf(server);
    [staff, agent] = await Promise.all([signedIn(server, cast.staff), signedIn(server, cast.agent)]);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it.each(['/api/openapi.json', '/api/docs'])('%s: 401 signed out, 403 to an agent, 200 to staff', async (route) => {
    expect(await WebClient.for(server.url).get(route)).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    expect(await agent.get(route)).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    expect((await staff.get(route)).status).toBe(200);
  });

  it("/health: the contract's shape to a caller outside loopback, without the projections' states; every detail on loopback and to staff anywhere", async () => {
    const outside = await WebClient.for(server.url).get('/health', { headers: OUTSIDE });
    expect(outside.status).toBe(200);
    expect(outside.body).toMatchObject({ status: 'ok', eventStore: 'postgres' });
    expect(outside.body.projections.length).toBeGreaterThan(0);
    for (const p of outside.body.projections) expect(Object.keys(p).sort()).toEqual(['lag', 'name', 'position']);
    expect(Object.keys((await agent.get('/health', { headers: OUTSIDE })).body.projections[0]).sort()).toEqual(['lag', 'name', 'position']);
    const local = await WebClient.for(server.url).get('/health');
    expect(local.body).toMatchObject({ status: 'ok', eventStore: 'postgres', projections: expect.any(Array) });
    expect(local.body.projections[0]).toHaveProperty('state');
    expect((await staff.get('/health', { headers: OUTSIDE })).body.projections[0]).toHaveProperty('state');
  });
});

describe('production with PUBLIC_API_DOCS=1: the documentation answers everyone', () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { NODE_ENV: 'production', LOG_LEVEL: 'error', PUBLIC_API_DOCS: '1' }));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves /api/openapi.json and /api/docs signed out', async () => {
    expect((await WebClient.for(server.url).get('/api/openapi.json')).status).toBe(200);
    expect((await WebClient.for(server.url).get('/api/docs')).status).toBe(200);
  });
});
