import { CommandBus } from '@nestjs/cqrs';
import type { Socket } from 'socket.io-client';
import { loadConfig } from '../../src/config/config';
import { seedDemo } from '../../src/demo/seed-demo';
import { type Started, startServer } from '../../src/main';
import type { BenchContext, BenchDatabase } from './bench';

/** The demo accounts' password, as the benchmarks sign in with it. */
export const DEMO_PASSWORD = 'porchlight-demo';

/** What a benchmark runs against: the server, its database, and where to put sockets to close. */
export type DemoServer = { readonly server: Started; readonly db: BenchDatabase; readonly sockets: Socket[] };

/**
 * The whole product in this process on a fresh database (events fsynced, as in production), the
 * demo accounts, sites and leads seeded and projected; `use` runs against it, then the sockets it
 * put in `sockets` are closed, the server stopped and the database dropped, whatever happened.
 */
export async function withDemoServer(ctx: BenchContext, env: Record<string, string>, use: (on: DemoServer) => Promise<void>): Promise<void> {
  const db = await ctx.createDatabase();
  const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_SEED: '0', NODE_ENV: 'test', ...env });
  let server: Started | undefined;
  const sockets: Socket[] = [];
  try {
    server = await startServer(config, { fsync: true });
    await seedDemo(server.runtime.store, server.app.get(CommandBus), DEMO_PASSWORD);
    await server.runtime.runner.waitForCatchUp();
    await use({ server, db, sockets });
  } finally {
    for (const s of sockets) s.close();
    await server?.stop();
    await db.close();
  }
}
