import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type Started, startServer } from '../../src/main';
import { importListings } from '../../src/modules/listings';
import { castOf, signedIn } from '../support/backoffice-people';
import { TEST_SECRET } from '../support/feed-fixture';
import { home } from '../support/reso-home';
import { ResoServer } from '../support/reso-server';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';
import type { WebClient } from '../support/web-client';

/**
 * A search's MLS disclaimers come from the feeds' attributions kept in memory (mls-disclaimers.ts):
 * a feed's changed disclaimer still shows on the searches that follow, on every search path.
 */
describe("a search shows each feed's disclaimer as the feed now gives it", () => {
  let db: TestDatabase;
  let server: Started;
  let staff: WebClient;
  let reso: ResoServer;
  const feed = (disclaimer: string) => ({
    name: 'DISC',
    url: reso.url,
    auth: { kind: 'oauth2', tokenUrl: reso.tokenUrl, clientId: 'porchlight', clientSecret: 's3cret', scope: 'api' },
    resources: ['Property'],
    pollIntervalSeconds: 3600,
    disclaimer,
  });
  const shown = async () => {
    const list = await fetch(`${server.url}/api/search?acl_city=Disclaimton`).then(
      (r) => r.json() as Promise<{ disclaimers: { mls: string; text: string }[] }>,
    );
    return list.disclaimers.map((d) => `${d.mls}: ${d.text}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url, { SECRET_KEY: TEST_SECRET, SEARCH_CACHE_MS: '0' }));
    staff = await signedIn(server, (await castOf(server)).staff);
    reso = await new ResoServer({ clients: [{ id: 'porchlight', secret: 's3cret' }] }).start();
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => home('D1', { City: 'Disclaimton' }) }], {
      mls: 'DISC',
      ctx: systemContext(),
    });
  }, 120_000);

  afterAll(async () => {
    await reso?.stop();
    await server?.stop();
    await db?.drop();
  });

  it('shows the text a feed was given, then the text it is changed to, on the searches that follow', async () => {
    await waitUntil('the listing to be found', async () => (await shown()).length === 1);
    expect((await staff.post('/api/backoffice/feeds', feed('Listings courtesy of DISC, first words.'))).status).toBe(200);
    await waitUntil('the first disclaimer on a search', async () => (await shown())[0] === 'DISC: Listings courtesy of DISC, first words.');
    expect((await staff.post('/api/backoffice/feeds', feed('Listings courtesy of DISC, changed words.'))).status).toBe(200);
    await waitUntil('the changed disclaimer on a search', async () => (await shown())[0] === 'DISC: Listings courtesy of DISC, changed words.');
    // Kept from then on: searches after it show the changed text, not the one before.
    for (let k = 0; k < 5; k++) expect(await shown()).toEqual(['DISC: Listings courtesy of DISC, changed words.']);
  });
});
