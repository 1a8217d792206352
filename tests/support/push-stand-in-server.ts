import { afterAll, beforeAll } from 'vitest';
import type { Started } from '../../src/main';
import { startDashboardServer } from './dashboard-fixture';
import { type PushServiceStandIn, startPushServiceStandIn } from './push-service-stand-in';

/**
 * A push service stand-in and a dashboard server that may post to it (PUSH_TEST_ORIGINS, tests
 * only), started as a test file's beforeAll and stopped as its afterAll; both are there once the
 * beforeAll ran.
 */
export function pushStandInServer(): { readonly standIn: PushServiceStandIn; readonly server: Started } {
  const app = {} as { standIn: PushServiceStandIn; server: Started };
  let fixture: Awaited<ReturnType<typeof startDashboardServer>> | undefined;
  beforeAll(async () => {
    app.standIn = await startPushServiceStandIn();
    fixture = await startDashboardServer({ PUSH_TEST_ORIGINS: app.standIn.origin });
    app.server = fixture.server;
  });
  afterAll(async () => {
    await fixture?.stop();
    await app.standIn?.close();
  });
  return app;
}
