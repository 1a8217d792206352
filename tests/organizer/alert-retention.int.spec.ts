import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { AlertDispatcher } from '../../src/modules/alerts';
import { RETENTION_DAYS } from '../../src/modules/alerts/send-alerts/alert-dispatcher.reactor';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const DAY = 24 * 3600_000;

/**
 * The alert working tables forget what is done with, and only that: matched changes after
 * RETENTION_DAYS.matchedChanges, sent or suppressed alerts after RETENTION_DAYS.finishedAlerts;
 * a change still waiting or an alert still pending stays however old.
 */
describe('alert retention', () => {
  let db: TestDatabase;
  let server: Started;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    await server.runtime.runner.waitForCatchUp();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('prunes matched changes and finished alerts past their retention, nothing else', async () => {
    const dispatcher = server.app.get(AlertDispatcher);
    // Its sweeps stopped, so that the rows below stay as written (a pending alert of no account
    // would be suppressed); prune still takes the dispatcher's lock itself.
    await dispatcher.onModuleDestroy();
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY - 60_000);
    const change = async (name: string, at: Date, matchedAt: Date | null) => {
      const id = randomUUID();
      await db.pool.query(
        `INSERT INTO alert_changes (event_id, pdid, kind, detail, tx_id, global_position, at, matched_at) VALUES ($1, $2, 'new', '{}', 1, 1, $3, $4)`,
        [id, name, at, matchedAt],
      );
    };
    const alert = async (name: string, state: string, createdAt: Date, sentAt: Date | null) => {
      await db.pool.query(
        `INSERT INTO alert_outbox (alert_id, lead_id, user_id, site_id, pdid, change_event_id, kind, detail, reason, frequency, created_at, state, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'new', '{}', 'search', 'instant', $7, $8, $9)`,
        [randomUUID(), randomUUID(), randomUUID(), randomUUID(), name, randomUUID(), createdAt, state, sentAt],
      );
    };
    const keep = RETENTION_DAYS.matchedChanges - 1;
    await change('old-matched', ago(30), ago(RETENTION_DAYS.matchedChanges));
    await change('recent-matched', ago(keep), ago(keep));
    await change('old-waiting', ago(30), null);
    await alert('old-sent', 'sent', ago(200), ago(RETENTION_DAYS.finishedAlerts));
    await alert('old-suppressed', 'suppressed', ago(RETENTION_DAYS.finishedAlerts), null);
    await alert('recent-sent', 'sent', ago(RETENTION_DAYS.finishedAlerts + 5), ago(10));
    await alert('old-pending', 'pending', ago(200), null);

    expect(await dispatcher.prune(new Date(now))).toEqual({ changes: 1, alerts: 2 });
    const left = async (table: string) => (await db.pool.query<{ pdid: string }>(`SELECT pdid FROM ${table} ORDER BY pdid`)).rows.map((r) => r.pdid);
    expect(await left('alert_changes')).toEqual(['old-waiting', 'recent-matched']);
    expect(await left('alert_outbox')).toEqual(['old-pending', 'recent-sent']);
    expect(await dispatcher.prune(new Date(now))).toEqual({ changes: 0, alerts: 0 });
  });
});
