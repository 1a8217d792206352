import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { connectSocket, demoUser, newLead, settle, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { testConfig } from '../support/test-config';

const jane = demoUser('agent');

/**
 * Two instances on one database, as when scaling out: projections run in the first (it took
 * their locks), the agent's socket is held by the second. With REALTIME_FANOUT=postgres the
 * push still reaches her, and signing out through the first instance closes her socket on the
 * second.
 */
describe('realtime fan-out across instances (REALTIME_FANOUT=postgres)', () => {
  let first: Awaited<ReturnType<typeof startDashboardServer>>;
  let second: Started;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    first = await startDashboardServer({ REALTIME_FANOUT: 'postgres' });
    second = await startServer(testConfig(first.db.url, { REALTIME_FANOUT: 'postgres' }));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await second?.stop();
    await first?.stop();
  });

  it('a lead captured through one instance is pushed to the agent connected to the other', async () => {
    expect(second.runtime.runner.states().every((s) => s.state === 'standby' || s.state === 'starting')).toBe(true);
    const janeOnSecond = await signIn(second, jane.email);
    const socket = await connectSocket(second, janeOnSecond);
    sockets.push(socket);
    const captured: Record<string, unknown>[] = [];
    socket.on('lead.captured', (p: Record<string, unknown>) => captured.push(p));

    const lead = await newLead(first.server, 'jane.localhost', { FullName: 'Across Instances' });
    await settle(first.server);
    const push = await until(() => captured.find((p) => p.leadId === lead.leadId));
    expect(push).toMatchObject({ fullName: 'Across Instances' });
    expect(captured.filter((p) => p.leadId === lead.leadId)).toHaveLength(1);
  });

  it('signing out through one instance closes the sockets held by the other', async () => {
    const janeOnSecond = await signIn(second, jane.email);
    const socket = await connectSocket(second, janeOnSecond);
    sockets.push(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const janeOnFirst = await signIn(first.server, jane.email);
    const out = await janeOnFirst.post('/api/account/logout', {});
    expect(out.status).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
  });
});
