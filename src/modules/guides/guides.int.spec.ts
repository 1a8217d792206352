import { describe, expect, it } from 'vitest';
import { demoUser, type Office, registerOffice, settle, signIn } from '../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../tests/support/dashboard-server';
import { home } from '../../../tests/support/reso-home';
import { WebClient } from '../../../tests/support/web-client';
import { systemContext } from '../../commands/command-context';
import { type ImportItem, importListings } from '../listings';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
const guide = (over: Record<string, unknown> = {}) => ({
  title: 'Living in Seattle',
  area: { kind: 'city', label: 'Seattle' },
  body: 'Coffee, ferries and hills.\n\n<script>alert(1)</script> is just text here.',
  photos: [],
  ...over,
});

/** /api/guide (issue 30 part 6): an office's area guides, written by its broker, shown on its sites only. */
describe('area guides', () => {
  let other: Office;
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, items([home('G1', { ListPrice: 600_000 }), home('G2', { ListPrice: 800_000, BedroomsTotal: 4 })]), {
      mls: 'T',
      ctx: systemContext(),
    });
    other = await registerOffice(app.server, 'other');
    await settle(server);
  });
  const guideEvents = async (id: string) =>
    Number((await app.server.runtime.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE stream_id = $1', [`guide-${id}`])).rows[0]!.n);

  it("a broker writes a guide; the office's sites show it with the area's market numbers, another office's site answers 404", async () => {
    const broker = await signIn(app.server, demoUser('broker').email);
    const created = await broker.request('POST', '/api/guide', { json: guide() });
    expect(created.status).toBe(201);
    const id = created.body.guideId as string;
    expect(created.body).toMatchObject({ title: 'Living in Seattle', area: { kind: 'city', label: 'Seattle' }, path: `/guides/${id}` });
    await app.server.runtime.runner.waitForCatchUp();

    const visitor = WebClient.for(app.server.url, 'demo.localhost');
    const shown = await visitor.request('GET', `/api/guide/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      title: 'Living in Seattle',
      body: guide().body,
      market: { active: 2, medianListPrice: 700_000 },
      areaPath: '/homes-for-sale/seattle',
    });
    // The office's agent's site shows it too; another office's does not, nor its broker's list.
    expect((await WebClient.for(app.server.url, 'other.localhost').request('GET', `/api/guide/${id}`)).status).toBe(404);
    const otherBroker = await signIn(app.server, other.brokerEmail, 'other.localhost');
    expect((await otherBroker.request('GET', '/api/guide')).body.guides).toEqual([]);
    expect((await broker.request('GET', '/api/guide')).body.guides.map((g: { guideId: string }) => g.guideId)).toEqual([id]);

    // The server-rendered page: the text as text, never markup; the market in numbers.
    const page = await visitor.request('GET', `/guides/${id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Living in Seattle</h1>');
    expect(page.text).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; is just text here.</p>');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('The Seattle market in numbers');
    expect((await WebClient.for(app.server.url, 'other.localhost').request('GET', `/guides/${id}`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it("another office's broker cannot change it (404); its own broker can, and saving it unchanged appends nothing", async () => {
    const broker = await signIn(app.server, demoUser('broker').email);
    const id = (await broker.request('POST', '/api/guide', { json: guide({ title: 'Seattle for families' }) })).body.guideId as string;
    const otherBroker = await signIn(app.server, other.brokerEmail, 'other.localhost');
    expect(await otherBroker.request('PUT', `/api/guide/${id}`, { json: guide({ title: 'Taken over' }) })).toMatchObject({
      status: 404,
      body: { message: 'No such guide' },
    });
    expect((await broker.request('PUT', `/api/guide/${id}`, { json: guide({ title: 'Seattle for families, 2026' }) })).body.title).toBe(
      'Seattle for families, 2026',
    );
    const before = await guideEvents(id);
    expect((await broker.request('PUT', `/api/guide/${id}`, { json: guide({ title: 'Seattle for families, 2026' }) })).status).toBe(200);
    expect(await guideEvents(id)).toBe(before);
    expect((await broker.request('PUT', '/api/guide/00000000-0000-4000-8000-000000000999', { json: guide() })).status).toBe(404);
  });

  it("an area's page links the office's guides of the place and the site's sitemap names them; once its broker deletes one (another office cannot: 404), its page answers 404 and both forget it", async () => {
    const html = { headers: { accept: 'text/html' } };
    const broker = await signIn(app.server, demoUser('broker').email);
    const id = (await broker.request('POST', '/api/guide', { json: guide({ title: 'Seattle by ferry' }) })).body.guideId as string;
    await app.server.runtime.runner.waitForCatchUp();
    const visitor = WebClient.for(app.server.url, 'demo.localhost');
    const link = `<a href="/guides/${id}">Seattle by ferry</a>`;
    expect((await visitor.request('GET', '/homes-for-sale/seattle', html)).text).toContain(link);
    expect((await visitor.request('GET', '/api/area-guides?kind=city&label=seattle')).body.guides).toContainEqual({
      title: 'Seattle by ferry',
      path: `/guides/${id}`,
    });
    expect((await visitor.request('GET', '/sitemaps/pages.xml')).text).toContain(`/guides/${id}</loc>`);
    // Another office's site neither links nor lists it.
    const elsewhere = WebClient.for(app.server.url, 'other.localhost');
    expect((await elsewhere.request('GET', '/homes-for-sale/seattle', html)).text).not.toContain(`/guides/${id}`);
    expect((await elsewhere.request('GET', '/api/area-guides?kind=city&label=Seattle')).body.guides).toEqual([]);
    expect((await elsewhere.request('GET', '/sitemaps/pages.xml')).text).not.toContain(`/guides/${id}`);

    const otherBroker = await signIn(app.server, other.brokerEmail, 'other.localhost');
    expect(await otherBroker.request('DELETE', `/api/guide/${id}`)).toMatchObject({ status: 404, body: { message: 'No such guide' } });
    expect((await WebClient.for(app.server.url, 'demo.localhost').request('DELETE', `/api/guide/${id}`)).status).toBe(401);
    expect((await (await signIn(app.server, demoUser('agent').email)).request('DELETE', `/api/guide/${id}`)).status).toBe(403);
    expect((await visitor.request('GET', `/api/guide/${id}`)).status).toBe(200);

    expect(await broker.request('DELETE', `/api/guide/${id}`)).toMatchObject({ status: 200, body: { isSuccess: true } });
    await app.server.runtime.runner.waitForCatchUp();
    expect((await visitor.request('GET', `/api/guide/${id}`)).status).toBe(404);
    expect((await visitor.request('GET', `/guides/${id}`, html)).status).toBe(404);
    expect((await visitor.request('GET', '/homes-for-sale/seattle', html)).text).not.toContain(`/guides/${id}`);
    expect((await visitor.request('GET', '/api/area-guides?kind=city&label=Seattle')).body.guides).not.toContainEqual(
      expect.objectContaining({ path: `/guides/${id}` }),
    );
    expect((await visitor.request('GET', '/sitemaps/pages.xml')).text).not.toContain(`/guides/${id}`);
    expect((await broker.request('GET', '/api/guide')).body.guides.map((g: { guideId: string }) => g.guideId)).not.toContain(id);
    // Gone for good: neither written again nor deleted twice.
    expect((await broker.request('PUT', `/api/guide/${id}`, { json: guide() })).status).toBe(404);
    expect((await broker.request('DELETE', `/api/guide/${id}`)).status).toBe(404);
    expect(await visitor.request('GET', '/api/area-guides?kind=town&label=Seattle')).toMatchObject({
      status: 400,
      body: { message: 'kind must be city, county or zip' },
    });
  });

  it('agents may not write guides; bad input is a clear 400', async () => {
    const agent = await signIn(app.server, demoUser('agent').email);
    expect((await agent.request('POST', '/api/guide', { json: guide() })).status).toBe(403);
    const broker = await signIn(app.server, demoUser('broker').email);
    expect(await broker.request('POST', '/api/guide', { json: guide({ title: ' ' }) })).toMatchObject({
      status: 400,
      body: { message: 'Please give the guide a title' },
    });
    expect(await broker.request('POST', '/api/guide', { json: guide({ area: { kind: 'city', label: 'Atlantis' } }) })).toMatchObject({
      status: 400,
      body: { message: 'No listings are on file in Atlantis: pick a place that has an area page' },
    });
    expect(await broker.request('POST', '/api/guide', { json: guide({ photos: ['https://evil.example/x.jpg'] }) })).toMatchObject({
      status: 400,
      body: { message: 'photos must be images uploaded here (/uploads/…)' },
    });
    expect((await WebClient.for(app.server.url).request('POST', '/api/guide', { json: guide() })).status).toBe(401);
  });
});
