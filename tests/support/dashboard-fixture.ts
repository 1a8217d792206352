import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_SITES, DEMO_USERS } from '../../src/demo/demo-accounts';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import { RegisterUserCommand } from '../../src/modules/accounts';
import { CreateSiteCommand } from '../../src/modules/sites';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';
import { WebClient } from './web-client';

export const PASSWORD = 'porchlight-demo';
export const demoUser = (key: string) => DEMO_USERS.find((u) => u.key === key)!;
export const demoSite = (key: string) => DEMO_SITES.find((s) => s.key === key)!;

/**
 * The whole product in-process with the demo accounts, sites and leads (through the same
 * commands as the demo seed) but without the 30,000 demo listings, which these tests do not need.
 */
export async function startDashboardServer(overrides: Record<string, string> = {}): Promise<{ db: TestDatabase; server: Started; stop(): Promise<void> }> {
  const db = await createTestDatabase({ migrate: false });
  const server = await startServer(testConfig(db.url, { DEMO_SEED: '0', ...overrides }));
  await seedDemo(server.runtime.store, server.app.get(CommandBus), PASSWORD);
  await settle(server);
  return {
    db,
    server,
    stop: async () => {
      await server.stop();
      await db.drop();
    },
  };
}

/** Waits until projections have applied everything and the router has assigned every captured lead. */
export async function settle(server: Started): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await server.runtime.runner.waitForCatchUp();
    const { rows } = await server.runtime.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM routing_pending');
    if (rows[0]!.n === 0) {
      await server.runtime.runner.waitForCatchUp();
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('leads were not routed');
}

export async function signIn(server: Started, email: string, host = 'localhost'): Promise<WebClient> {
  const c = WebClient.for(server.url, host);
  const res = await c.post('/api/account/login', { Email: email, password: PASSWORD });
  expect(res.body?.isSuccess).toBe(true);
  return c;
}

/** A new visitor's inquiry on a site (by host); answers the signed-in visitor and the lead id. */
export async function newLead(
  server: Started,
  host: string,
  over: Record<string, unknown> = {},
): Promise<{ client: WebClient; leadId: string; email: string }> {
  const client = WebClient.for(server.url, host);
  const email = `v-${randomUUID().slice(0, 8)}@example.com`;
  const res = await client.post('/api/account/inquiry', {
    FullName: 'Vera Visitor',
    Email: email,
    Phone: '2065550123',
    Message: 'Hello',
    LeadType: 'Buyer',
    ...over,
  });
  expect(res.status, res.text).toBe(200);
  return { client, leadId: res.body.leadId as string, email };
}

/** A new visitor's inquiry on Jane's own site, routed: hers by the own-site rule. */
export async function janesLead(server: Started, over: Record<string, unknown> = {}): Promise<{ client: WebClient; leadId: string; email: string }> {
  const lead = await newLead(server, 'jane.localhost', over);
  await settle(server);
  return lead;
}

/**
 * A real socket.io client with the session cookie (sessions are not tied to a host) and the
 * Origin of the host it connects to; resolves once connected.
 */
export async function connectSocket(server: Started, client: WebClient): Promise<Socket> {
  const socket = io(server.url, {
    transports: ['websocket'],
    extraHeaders: { origin: server.url, cookie: client.cookieHeader() },
    reconnection: false,
    timeout: 10_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Everything a socket receives, by event name. */
export function record(socket: Socket): Map<string, Record<string, unknown>[]> {
  const got = new Map<string, Record<string, unknown>[]>();
  socket.onAny((name: string, payload: Record<string, unknown>) => got.set(name, [...(got.get(name) ?? []), payload]));
  return got;
}

export async function until<T>(fn: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Another office beside the demo one, as `registerOffice` made it. */
export type Office = Awaited<ReturnType<typeof registerOffice>>;

/**
 * Another office beside the demo one: a broker, their agents and a broker site at `subdomain`
 * (round robin among its agents; everyone signs in with PASSWORD). Answers the ids and e-mails.
 */
export async function registerOffice(server: Started, subdomain: string, agents = 1) {
  const commands = server.app.get(CommandBus);
  const ctx = systemContext();
  const office = {
    officeId: randomUUID(),
    siteId: randomUUID(),
    brokerEmail: `broker@${subdomain}.test`,
    agents: Array.from({ length: agents }, (_, i) => ({ userId: randomUUID(), email: `agent${i + 1}@${subdomain}.test` })),
  };
  await commands.execute(
    new RegisterUserCommand(
      {
        userId: office.officeId,
        email: office.brokerEmail,
        firstName: 'Other',
        lastName: 'Broker',
        securityLevel: 15,
        siteId: office.siteId,
        officeId: null,
        password: PASSWORD,
      },
      ctx,
    ),
  );
  for (const [i, a] of office.agents.entries()) {
    await commands.execute(
      new RegisterUserCommand(
        { ...a, firstName: `Other${i + 1}`, lastName: 'Agent', securityLevel: 10, siteId: office.siteId, officeId: office.officeId, password: PASSWORD },
        ctx,
      ),
    );
  }
  await commands.execute(
    new CreateSiteCommand(
      {
        siteId: office.siteId,
        subdomain,
        name: `${subdomain} Realty`,
        kind: 'broker',
        ownerUserId: office.officeId,
        masterSiteId: null,
        isDefault: false,
        settings: {},
      },
      { ...ctx, siteId: office.siteId },
    ),
  );
  await settle(server);
  return office;
}
