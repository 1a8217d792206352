import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { leadFeedProjection } from '../../projections/lead-feed';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/runtime/runtime';
import { type Started, startServer } from '../../src/main';
import { connectSocket, demoUser, newLead, signIn, startDashboardServer, until } from '../support/dashboard-fixture';
import { testConfig } from '../support/test-config';

const jane = demoUser('agent');

/**
 * The takeover window of the fault harness: the instance holding the lead feed commits the batch
 * of a new lead and dies before its pushes leave (here: a runner of the lead feed whose pushes
 * go nowhere, stopped right after that batch). The agent's socket, held by an instance that
 * lives, never loses its connection, so it never asks feed/since by itself. The instance that
 * takes the lead feed over tells every socket to catch up (`feed.resync`), and feed/since then
 * has the lead: even when asked from a newer push the socket saw meanwhile (a chat message, from
 * the chat read model another instance holds), because the lost pushes' start is on record
 * (migration 25) and feed/since reaches back to it.
 */
describe('a projection taken over after its holder died between commit and push', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let survivor: Started | undefined;
  let dying: Runtime | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    // The seeding server steps aside; the dying holder takes the lead feed before the survivor starts.
    await fixture.server.stop();
  });
  afterAll(async () => {
    socket?.close();
    await dying?.close();
    await survivor?.stop();
    await fixture?.db.drop();
  });

  it('every socket is told to catch up, and feed/since has the lead whose push was lost', async () => {
    // The dying holder: the lead feed alone, its pushes going nowhere (no socket server listens).
    dying = await createRuntime(testConfig(fixture.db.url), { projections: [leadFeedProjection] });
    dying.runner.start();
    await until(() => dying!.runner.states()[0]!.state === 'live', 20_000);
    survivor = await startServer(testConfig(fixture.db.url));
    await until(() => survivor!.runtime.runner.states().find((s) => s.name === 'lead_feed')?.state === 'standby', 20_000);

    const janeClient = await signIn(survivor, jane.email);
    const feed = await janeClient.get('/api/dashboard/feed');
    expect(feed.status).toBe(200);
    socket = await connectSocket(survivor, janeClient);
    const got: { name: string; payload: Record<string, unknown> }[] = [];
    socket.onAny((name: string, payload: Record<string, unknown>) => got.push({ name, payload }));

    const lead = await newLead(survivor, 'jane.localhost', { FullName: 'Lost In Takeover' });
    // The dying holder applies the lead's assignment (its batch commits; the push goes nowhere).
    for (
      let i = 0;
      (await fixture.db.pool.query('SELECT 1 FROM lead_feed WHERE lead_id = $1 AND assigned_agent_id IS NOT NULL', [lead.leadId])).rowCount !== 1;
      i++
    ) {
      if (i > 400) throw new Error('the lead was not assigned in the lead feed');
      await new Promise((r) => setTimeout(r, 50));
    }
    await dying.close();
    dying = undefined;

    await until(() => got.find((p) => p.name === 'feed.resync'), 20_000);
    expect(got.filter((p) => p.name === 'lead.captured' && p.payload.leadId === lead.leadId)).toEqual([]);
    const capturedSince = async (position: string) => {
      const since = await janeClient.get(`/api/dashboard/feed/since?position=${encodeURIComponent(position)}`);
      expect(since.status).toBe(200);
      return (since.body.events as { name: string; payload: { leadId?: string } }[]).filter(
        (e) => e.name === 'lead.captured' && e.payload.leadId === lead.leadId,
      );
    };
    expect(await capturedSince(feed.body.position as string)).toHaveLength(1);

    // A newer push reaches the socket first (the lead writes in the chat): its position is past the lost batch.
    expect((await lead.client.post('/api/dashboard/chat/sendmessage', { text: 'Is it still available?' })).status).toBe(200);
    const chat = await until(() => got.find((p) => p.name === 'chat.message'), 20_000);
    expect(await capturedSince(chat.payload.position as string)).toHaveLength(1);
  });
});
