import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRegisterUser } from '../../src/modules/accounts/register-user/register-user.decide';
import { initialAccount } from '../../src/modules/accounts';
import { decideAddLead, initialLead } from '../../src/modules/leads';
import { leadRegistration } from '../../src/modules/leads/lead-account';
import type { Event } from '../../src/shared/event';
import { actionPlansProjection } from '../action-plans';
import { behaviourAlertsProjection } from '../behaviour-alerts';
import { leadFeedProjection } from '../lead-feed';
import { leadPipelineProjection } from '../lead-pipeline';
import { leadPondProjection } from '../lead-pond';
import { leadReportsProjection } from '../lead-reports';
import { leadRoutingProjection } from '../lead-routing';
import { leadThreadProjection } from '../lead-thread';
import { leadTimelineProjection } from '../lead-timeline';
import { publicEventsProjection } from '../public-events';
import { showingsProjection } from '../showings';
import { tasksProjection } from '../tasks';
import { usersProjection } from '../users';
import { batchedAlike } from '../../tests/support/batched-alike';
import { type GivenEvent, inTransaction, specId, storedEvent } from '../../tests/support/projection-specification';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { applyBatch } from './apply-batch';
import type { Projection } from './projection';
import { QueuedWrites } from './queued-writes';
import { createFreshTables, liveTable } from './tables';

const SITE = specId(900);
const OFFICE = specId(901);
const AGENT = specId(902);

/** What an import of `n` people appends: each one's account and lead (captured, an inquiry for some, assigned to the agent, tagged for some). */
function importLog(n: number): GivenEvent[] {
  const log: GivenEvent[] = [];
  const at = '2026-03-02T15:00:00.000Z';
  for (let i = 0; i < n; i++) {
    const userId = specId(10_000 + i);
    const leadId = specId(20_000 + i);
    const fullName = `Pat${i} O'Import`;
    const email = `imp-${i}@example.com`;
    const phone = String(2_065_550_000 + i);
    const account = decideRegisterUser(
      leadRegistration({ userId, email, fullName, phone, siteId: SITE, via: 'import', from: 'CSV import on demo', at }),
      initialAccount(),
    );
    const lead = decideAddLead(
      {
        leadId,
        userId,
        siteId: SITE,
        fullName,
        email,
        phone,
        leadType: 'buyer',
        message: i % 3 === 0 ? `Note for ${i}, "quoted" \\ back` : '',
        listingPdid: null,
        via: 'import',
        at,
        agentId: AGENT,
        officeId: OFFICE,
        byUserId: AGENT,
        tags: i % 2 === 0 ? ['Old CRM', '2024'] : [],
      },
      initialLead(),
    );
    for (const e of [...account, ...lead] as Event[]) log.push({ ...e, metadata: { at } });
  }
  return log;
}

/** Every row of the projection's tables, as JSON, in a stable order. */
const allRows = (p: Projection) => `SELECT ${p.tables.map((t) => `(SELECT coalesce(json_agg(r ORDER BY r::text), '[]') FROM ${t} r) AS ${t}`).join(', ')}`;

describe('a read model fed an import as queued writes (ProjectionContext.write)', () => {
  const log = importLog(60);
  const readModels = [
    leadFeedProjection,
    leadTimelineProjection,
    leadReportsProjection,
    leadPipelineProjection,
    leadRoutingProjection,
    leadThreadProjection,
    leadPondProjection,
    actionPlansProjection,
    behaviourAlertsProjection,
    showingsProjection,
    tasksProjection,
    usersProjection,
    publicEventsProjection,
  ];
  for (const p of readModels) {
    const feed = batchedAlike(p);
    it(`${p.name}: the import in one batch leaves the rows one event at a time leaves`, async () => {
      const rows = await feed(log, allRows(p), [1, log.length]);
      expect(rows.get(1)!.length).toBe(1);
      expect(rows.get(log.length)).toEqual(rows.get(1));
    });
  }
});

describe('QueuedWrites', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('writes its parameters as pg sends them (quotes, backslashes, null, numbers, booleans, arrays, dates, JSON, bytes), in order, before a read', async () => {
    const client = await db.pool.connect();
    try {
      await inTransaction(client, async () => {
        await client.query(
          'CREATE TEMP TABLE q (n int PRIMARY KEY, t text, b boolean, a uuid[], d timestamptz, j jsonb, x bytea, f double precision, big bigint)',
        );
        const writes = new QueuedWrites(client);
        const values = [
          1,
          `it's a "quote" \\ and $2 and a\nline`,
          true,
          [specId(1), specId(2)],
          new Date('2026-03-02T15:00:00.123Z'),
          JSON.stringify({ name: "O'Hara", tags: ['a\\b'] }),
          Buffer.from([0, 1, 254, 255]),
          1.5,
          '9007199254740993',
        ];
        writes.write('INSERT INTO q VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', values);
        writes.write('INSERT INTO q (n, t) VALUES ($1, $2)', [2, null]);
        writes.write('UPDATE q SET f = f * 2 WHERE n = $1', [1]);
        // As an outbox queues its rows: INSERT ... SELECT, the literals typed by the columns they fill.
        writes.write('INSERT INTO q (n, a, d) SELECT $1, $2, $3 WHERE $3::timestamptz > $4', [3, [specId(3)], new Date('2026-03-02T15:00:00Z'), '2026-01-01']);
        // A read through `tx` sees what was queued before it.
        const { rows } = await writes.tx.query('SELECT * FROM q ORDER BY n');
        expect(rows).toEqual([
          {
            n: 1,
            t: values[1],
            b: true,
            a: [specId(1), specId(2)],
            d: new Date('2026-03-02T15:00:00.123Z'),
            j: { name: "O'Hara", tags: ['a\\b'] },
            x: Buffer.from([0, 1, 254, 255]),
            f: 3,
            big: 9007199254740993n,
          },
          { n: 2, t: null, b: null, a: null, d: null, j: null, x: null, f: null, big: null },
          { n: 3, t: null, b: null, a: [specId(3)], d: new Date('2026-03-02T15:00:00Z'), j: null, x: null, f: null, big: null },
        ]);
        writes.write('DELETE FROM q WHERE n > $1', [1]);
        await writes.flush();
        expect((await client.query('SELECT n FROM q')).rows).toEqual([{ n: 1 }]);
      });
    } finally {
      client.release();
    }
  });

  it('a batch of 100 imported people reaches the lead list, the timeline, showings and users in at most two round trips a person', async () => {
    const log = importLog(100).map((e, i) => storedEvent(e, i + 1));
    const client = await db.pool.connect();
    const query = client.query.bind(client);
    let trips = 0;
    client.query = ((...args: Parameters<typeof query>) => {
      trips++;
      return query(...args);
    }) as typeof client.query;
    try {
      for (const p of [leadFeedProjection, leadTimelineProjection, showingsProjection, usersProjection]) {
        await inTransaction(client, () => createFreshTables(client, p, liveTable));
        trips = 0;
        await inTransaction(client, () => applyBatch(client, p, log, liveTable, false));
        // BEGIN, COMMIT, and per person at most two reads (the row an assignment moves, the row a tag or an inquiry
        // lands on), each carrying the writes queued before it: one at a time, the lead list took nine round trips a person.
        expect({ name: p.name, trips: trips <= 2 + 2 * 100 }).toEqual({ name: p.name, trips: true });
      }
    } finally {
      client.query = query;
      client.release();
    }
  });
});
