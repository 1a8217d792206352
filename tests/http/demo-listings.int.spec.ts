import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentListingsResponse } from '../../src/contract/agent-listings';
import type { Card } from '../../src/contract/search';
import { DEMO_OFFICE } from '../../src/demo/listings';
import { type Started, startServer } from '../../src/main';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

describe("the demo listings (contract section 1) with IDX attribution and the agents' own listings", () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1', DEMO_PASSWORD: 'porchlight-demo' }));
    await server.runtime.runner.waitForCatchUp(600_000);
  }, 900_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('every card says whose listing it is ("Listing courtesy of ...")', async () => {
    for (const query of ['city=Sacramento', 'city=Seattle&soldproperty=1', 'city=Houston']) {
      const res = await WebClient.for(server.url).get(`/api/search?${query}&perpage=100`);
      expect(res.status, query).toBe(200);
      const cards = res.body.results as Card[];
      expect(cards.length, query).toBeGreaterThan(0);
      expect(
        cards.every((c) => c.listOfficeName && c.listAgentName),
        query,
      ).toBe(true);
    }
  });

  it('shows Jane her listings in the demo office, those not shown publicly among them, which no public page shows', async () => {
    const jane = WebClient.for(server.url);
    expect((await jane.post('/api/account/login', { Email: 'agent@demo.test', password: 'porchlight-demo' })).body.isSuccess).toBe(true);
    const res = await jane.get('/api/dashboard/listings?perpage=200');
    expect(res.status).toBe(200);
    const mine = res.body as AgentListingsResponse;
    expect(mine.total).toBeGreaterThan(10);
    expect(mine.hidden).toBeGreaterThan(0);
    expect(mine.listings.every((l) => l.listOfficeName === DEMO_OFFICE.name && l.agent?.fullName === 'Jane Agent')).toBe(true);
    const hidden = mine.listings.find((l) => !l.shownPublicly)!;
    expect((await WebClient.for(server.url).get(`/api/details/${hidden.pdid}`)).status).toBe(404);
    expect((await WebClient.for(server.url).get(`/api/details/${mine.listings.find((l) => l.shownPublicly)!.pdid}`)).status).toBe(200);
  });
});
