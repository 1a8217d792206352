import { beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { SessionStore } from '../../src/modules/accounts';
import { backofficeWorld, signedIn } from '../support/backoffice-people';
import { WebClient } from '../support/web-client';

type Route = { readonly method: string; readonly path: string };

/** Every route the running app serves under /api/backoffice, read from the router Nest built. */
function backofficeRoutes(server: Started): Route[] {
  const express = server.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  const routes: Route[] = [];
  for (const layer of express.router.stack) {
    const r = layer.route;
    if (!r || !r.path.startsWith('/api/backoffice')) continue;
    for (const [method, on] of Object.entries(r.methods)) if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: r.path });
  }
  return routes;
}

describe('the back-office is for level 25 only (contract section 6)', () => {
  const w = backofficeWorld();
  let routes: Route[];

  beforeAll(() => {
    routes = backofficeRoutes(w.server);
  });

  // Real ids where an account is named, so a refusal cannot come from a 404 instead.
  const concrete = (path: string) =>
    path.replace(':userId', w.cast.lead.userId).replace(':invoiceId', '00000000-0000-4000-8000-00000000abcd').replace(':name', 'no_such_projection');
  const call = (c: WebClient, r: Route) => c.request(r.method, concrete(r.path), r.method === 'GET' || r.method === 'DELETE' ? {} : { json: {} });

  it('finds the whole family in the router (so a new route is covered without editing this test)', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThanOrEqual(35);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/backoffice/findmembers',
        'GET /api/backoffice/search',
        'GET /api/backoffice/accounts/:userId/history',
        'GET /api/backoffice/projections',
        'POST /api/backoffice/projections/:name/rebuild',
        'DELETE /api/backoffice/projections/:name/rebuild',
        'POST /api/backoffice/become/:userId',
        'POST /api/backoffice/accounts/merge',
        'POST /api/backoffice/translations',
      ]),
    );
  });

  it('answers 401 to every route when signed out', async () => {
    const c = WebClient.for(w.server.url);
    for (const r of routes) {
      const res = await call(c, r);
      expect({ route: `${r.method} ${r.path}`, status: res.status, body: res.body }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 401,
        body: { message: expect.any(String) },
      });
    }
  });

  it.each([
    ['a lead (5)', 'lead'],
    ['an agent (10)', 'agent'],
    ['a broker (15)', 'broker'],
  ] as const)('answers 403 to every route for %s', async (_label, who) => {
    const c = await signedIn(w.server, w.cast[who]);
    for (const r of routes) {
      const res = await call(c, r);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({ route: `${r.method} ${r.path}`, status: 403 });
    }
  });

  it('answers 403 to every route for a staff member while they impersonate someone', async () => {
    const c = WebClient.for(w.server.url);
    const session = await w.server.app
      .get(SessionStore)
      .start({ userId: w.cast.agent.userId, securityLevel: 10, officeId: w.cast.broker.userId, impersonatorId: w.cast.staff.userId, returnUrl: null });
    c.cookies.set('sid', session.id);
    for (const r of routes) {
      const res = await call(c, r);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({ route: `${r.method} ${r.path}`, status: 403 });
    }
  });

  it('lets staff through on every route (the refusals above are the guard, not the route)', async () => {
    const c = await signedIn(w.server, w.cast.staff);
    for (const r of routes) {
      const res = await call(c, r);
      expect({ route: `${r.method} ${r.path}`, refused: [401, 403].includes(res.status) || res.status >= 500 }).toEqual({
        route: `${r.method} ${r.path}`,
        refused: false,
      });
    }
  });
});
