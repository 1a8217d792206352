import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { readMailbox } from '../../src/modules/messaging';
import { castOf } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { home, importHomes, signedUpLead, square, until } from './organizer-fixture';

/**
 * The outbox's promise: an alert recorded but not sent when the process died is sent once after
 * a restart. The first process records the alert and then fails to send it (its mail relay is
 * unreachable) and is stopped; the second, on the same database, sends it exactly once.
 */
describe('property alerts across a crash between recording and sending', () => {
  let db: TestDatabase;
  let first: Started | undefined;
  let second: Started | undefined;
  const count = async (sql: string) => Number((await db.pool.query(sql)).rows[0].n);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await first?.stop().catch(() => undefined);
    await second?.stop();
    await db?.drop();
  });

  it('records, fails to send, restarts, sends once', async () => {
    // Port 9 (discard) has no mail relay: every send fails after the alert was recorded.
    first = await startServer(testConfig(db.url, { SMTP_URL: 'smtp://127.0.0.1:9' }));
    await castOf(first);
    const ada = await signedUpLead(first, 'ada@crash.test');
    expect((await ada.post('/api/search/savepdq', { polygonmap: square(47.61, -122.33, 0.01) })).status).toBe(200);
    await first.runtime.runner.waitForCatchUp();
    await importHomes(first, [home('C1', { Latitude: 47.611, Longitude: -122.331 })]);
    await until('a failed attempt', async () => (await count(`SELECT count(*) AS n FROM alert_outbox WHERE attempts > 0`)) > 0);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'PropertyAlertRecorded'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'PropertyAlertSent'`)).toBe(0);
    await first.stop();
    first = undefined;

    second = await startServer(testConfig(db.url));
    const mailbox = () => readMailbox(db.pool, 'ada@crash.test');
    await until('the alert e-mail', async () => (await mailbox()).length > 0);
    await until('the outbox row marked sent', async () => (await count(`SELECT count(*) AS n FROM alert_outbox WHERE state = 'sent'`)) === 1);
    // A later sweep finds nothing left to do.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await mailbox()).toHaveLength(1);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'PropertyAlertRecorded'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM events WHERE type = 'PropertyAlertSent'`)).toBe(1);
  });
});
