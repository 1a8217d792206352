import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Started } from '../../src/main';
import { startDashboardServer } from './dashboard-fixture';

/**
 * startDashboardServer (with `env` over the test configuration) as a test file's beforeAll (then `prepare`, what the file's tests need)
 * and afterAll; the sockets a test pushes on `sockets` are closed after it. The server is there
 * once the beforeAll ran.
 */
export function dashboardServer(
  prepare?: (server: Started) => Promise<void>,
  env: Record<string, string> = {},
): { readonly server: Started; readonly sockets: Socket[] } {
  const app = { sockets: [] } as unknown as { server: Started; sockets: Socket[] };
  let fixture: Awaited<ReturnType<typeof startDashboardServer>> | undefined;
  beforeAll(async () => {
    fixture = await startDashboardServer(env);
    app.server = fixture.server;
    await prepare?.(app.server);
  });
  afterEach(() => {
    for (const s of app.sockets.splice(0)) s.close();
  });
  afterAll(async () => fixture?.stop());
  return app;
}
