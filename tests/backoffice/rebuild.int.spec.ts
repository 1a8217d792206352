import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersProjection } from '../../projections/members';
import { type Started, startServer } from '../../src/main';
import { castOf, registerPerson, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';
import { waitUntil } from '../support/wait-until';

type Progress = { name: string; applied: number; total: number; eventsPerSecond: number; secondsLeft: number | null; phase: string };
type Panel = { projections: { name: string; state: string; lag: number; rebuild: (Progress & { startedBy: string }) | null }[] };

describe('rebuilding a projection from the back-office while the product keeps serving (issue 7)', () => {
  let db: TestDatabase;
  let server: Started;
  let cast: Awaited<ReturnType<typeof castOf>>;
  let staff: WebClient;
  let socket: Socket;
  const progress: Progress[] = [];

  const panel = async (): Promise<Panel> => (await staff.get('/api/backoffice/projections')).body;
  const rebuildOf = async (name: string) => (await panel()).projections.find((p) => p.name === name)!.rebuild;
  const until = <T>(what: string, probe: () => Promise<T | undefined | null | false>) => waitUntil(what, probe, 60_000);
  const rows = async (table: string, order: string) => (await db.pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  const oid = async (table: string) => (await db.pool.query(`SELECT '${table}'::regclass::oid AS oid`)).rows[0].oid as number;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // Small batches: the replay takes many steps, so writes land while it runs.
    server = await startServer(testConfig(db.url, { PROJECTION_BATCH_SIZE: '25' }));
    cast = await castOf(server);
    for (let i = 0; i < 120; i++) {
      await registerPerson(server, {
        email: `buyer${i}@demo.test`,
        firstName: `Buyer${i}`,
        lastName: 'Before',
        level: 5,
        siteId: cast.siteId,
        withPassword: false,
      });
    }
    await server.runtime.runner.waitForCatchUp();
    staff = await signedIn(server, cast.staff);
    socket = io(server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: staff.cookieHeader(), origin: new URL(server.url).origin },
      reconnection: false,
    });
    socket.on('projection.progress', (p: Progress) => progress.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await server?.stop();
    await db?.drop();
  });

  it('ends with the same read model as before plus the writes made meanwhile; the old tables serve until the swap', async () => {
    await server.runtime.runner.waitForCatchUp();
    const before = await rows('members', 'user_id');
    const liveTable = await oid('members');
    const written: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        written.push(
          (
            await registerPerson(server, {
              email: `during${i}@demo.test`,
              firstName: `During${i}`,
              lastName: 'Rebuild',
              level: 5,
              siteId: cast.siteId,
              withPassword: false,
            })
          ).userId,
        );
      }
    })();
    await until('a first write', async () => written.length > 0);

    const started = await staff.post('/api/backoffice/projections/members/rebuild', {});
    expect(started.status).toBe(202);
    expect(started.body.rebuild).toMatchObject({ name: 'members', phase: 'replaying', startedBy: cast.staff.userId });
    const writtenAtStart = written.length;
    expect((await staff.post('/api/backoffice/projections/members/rebuild', {})).status).toBe(409);
    // The live tables answer searches while the copy is being built.
    const during = await staff.get('/api/backoffice/findmembers?q=before&perpage=1');
    expect(during.status).toBe(200);
    expect(during.body.total).toBe(120);

    const done = await until('the rebuild to finish', async () => {
      const r = await rebuildOf('members');
      return r?.phase === 'done' ? r : null;
    });
    expect(written.length).toBeGreaterThan(writtenAtStart);
    writing = false;
    await writer;
    await server.runtime.runner.waitForCatchUp();

    expect(await oid('members')).not.toBe(liveTable);
    const after = await rows('members', 'user_id');
    const added = new Set(written);
    expect(after.filter((r) => !added.has(r.user_id))).toEqual(before);
    expect(
      after
        .filter((r) => added.has(r.user_id))
        .map((r) => r.email)
        .sort(),
    ).toEqual(written.map((_, i) => `during${i}@demo.test`).sort());
    expect(done.applied).toBe(done.total);

    // Staff saw it live: progress pushes ending at 100 %.
    await until('the last push', async () => progress.some((p) => p.name === 'members' && p.phase === 'done'));
    const pushes = progress.filter((p) => p.name === 'members');
    expect(pushes[0]!.phase).toBe('replaying');
    expect(pushes.at(-1)).toMatchObject({ phase: 'done', applied: done.applied, total: done.total });
    expect(pushes.every((p) => p.applied <= p.total)).toBe(true);
  });

  it('a cancelled rebuild leaves the live tables and checkpoint as they were', async () => {
    await server.runtime.runner.waitForCatchUp();
    const liveTable = await oid('account_streams');
    const before = await rows('account_streams', 'user_id, stream_id');
    const checkpoint = (await db.pool.query("SELECT * FROM projection_checkpoints WHERE name = 'account_streams'")).rows[0];
    // Holding the live checkpoint row stops the rebuild at its swap, so the cancel surely comes first.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query("SELECT 1 FROM projection_checkpoints WHERE name = 'account_streams' FOR UPDATE");
    try {
      expect((await staff.post('/api/backoffice/projections/account_streams/rebuild', {})).status).toBe(202);
      await until('the swap', async () => (await rebuildOf('account_streams'))?.phase === 'swapping');
      const cancelling = staff.delete('/api/backoffice/projections/account_streams/rebuild');
      await until('the cancel to be asked for', async () => (await panel()).projections.find((p) => p.name === 'account_streams')!.state === 'rebuilding');
      await new Promise((r) => setTimeout(r, 100));
      await holder.query('ROLLBACK');
      const cancelled = await cancelling;
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.rebuild).toMatchObject({ phase: 'cancelled' });
    } finally {
      await holder.end();
    }
    expect(await oid('account_streams')).toBe(liveTable);
    expect(await rows('account_streams', 'user_id, stream_id')).toEqual(before);
    expect((await db.pool.query("SELECT * FROM projection_checkpoints WHERE name = 'account_streams'")).rows[0]).toEqual(checkpoint);
    expect((await db.pool.query("SELECT to_regclass('account_streams__rebuild') AS t")).rows[0].t).toBeNull();
    expect((await staff.delete('/api/backoffice/projections/account_streams/rebuild')).status).toBe(404);
    await until('the cancel push', async () => progress.some((p) => p.name === 'account_streams' && p.phase === 'cancelled'));
  });

  it('lists every projection with position, lag, state and version; an unknown one is 404', async () => {
    const { projections } = await panel();
    expect(projections.map((p) => p.name)).toEqual(expect.arrayContaining(['users', 'sites', 'members', 'account_streams', 'translations', 'search']));
    expect(projections.find((p) => p.name === 'members')).toMatchObject({
      state: 'live',
      version: membersProjection.version,
      lag: expect.any(Number),
      position: expect.stringMatching(/^\d+$/),
    });
    expect((await staff.post('/api/backoffice/projections/nope/rebuild', {})).status).toBe(404);
  });
});
