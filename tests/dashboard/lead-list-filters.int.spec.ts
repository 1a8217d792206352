import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { putInPond, seedCrmLead } from '../support/crm-leads';
import { demoSite, demoUser, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';
import { parseCsv } from '../../src/contract/csv';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const JANE_SITE = demoSite('jane').siteId;
const DEMO_SITE = demoSite('demo').siteId;
const HOUR = 3_600_000;

/**
 * The lead list's filters and sorts against real PostgreSQL through real HTTP, on leads whose
 * history is known to the hour (captured, first contacted, tagged, staged), beside the demo's.
 */
describe('lead list filters, sorts and CSV export, in the viewer’s scope', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let janeClient: WebClient;
  let alexClient: WebClient;
  let brokerClient: WebClient;
  const now = Date.now();
  const id: Record<string, string> = {};
  const nameOf = new Map<string, string>();

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    const office = { officeId: broker.userId };
    const leads = {
      ann: { fullName: 'Ann Alpha', siteId: JANE_SITE, source: 'zillow', agentId: jane.userId, ...office, createdHoursAgo: 100, tags: ['vip'] },
      ben: {
        fullName: 'Ben Beta',
        siteId: DEMO_SITE,
        source: 'direct',
        agentId: jane.userId,
        ...office,
        createdHoursAgo: 60,
        stage: 'Attempted contact',
        firstContactHoursAgo: 50,
        tags: ['vip', 'buyer'],
      },
      cai: {
        fullName: 'Cai Gamma',
        siteId: DEMO_SITE,
        source: 'zillow',
        agentId: jane.userId,
        ...office,
        createdHoursAgo: 240,
        stage: 'Active',
        firstContactHoursAgo: 200,
        tags: ['seller'],
        activityHoursAgo: 2,
      },
      dee: { fullName: 'Dee Delta', siteId: JANE_SITE, source: 'realtor', agentId: jane.userId, ...office, createdHoursAgo: 3 },
      eve: { fullName: 'Eve Epsilon', siteId: DEMO_SITE, source: 'zillow', agentId: alex.userId, ...office, createdHoursAgo: 100, tags: ['vip'] },
      flo: { fullName: 'Flo Pond', siteId: DEMO_SITE, source: 'zillow', agentId: alex.userId, ...office, createdHoursAgo: 30 },
      // Everything a spreadsheet could trip on, in one lead.
      gus: {
        fullName: '=HYPERLINK("http://evil.test","Gus, Jr.")',
        email: 'gus.müller@example.com',
        phone: null,
        siteId: JANE_SITE,
        source: 'mañana',
        agentId: jane.userId,
        ...office,
        createdHoursAgo: 400,
        tags: ['línea\nnueva'],
      },
    };
    for (const [key, lead] of Object.entries(leads)) {
      id[key] = await seedCrmLead(server, lead, now);
      nameOf.set(id[key]!, key);
    }
    await settle(server);
    await putInPond(server, id.flo!, broker.userId);
    await settle(server);
    [janeClient, alexClient, brokerClient] = await Promise.all([signIn(server, jane.email), signIn(server, alex.email), signIn(server, broker.email)]);
  });
  afterAll(async () => fixture?.stop());

  /** The fixture leads in the answer, in its order, by their short names (the demo's own leads left out). */
  const listed = async (client: WebClient, query: string, path = '/api/dashboard/leads') => {
    const res = await client.get(`${path}?perpage=200&${query}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.leads as { leadId: string }[]).map((l) => nameOf.get(l.leadId)).filter((n): n is string => n !== undefined);
  };
  /** Jane's own leads in the answer: an agent also sees the office's pond leads (Flo), checked on their own below. */
  const own = async (client: WebClient, query: string) => (await listed(client, query)).filter((n) => n !== 'flo');
  const sorted = (names: string[]) => [...names].sort();
  const iso = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

  it('each lead carries stage, tags, first and last contact and inPond', async () => {
    const res = await janeClient.get(`/api/dashboard/leads/${id.ben}`);
    expect(res.body.lead).toMatchObject({ stage: 'Attempted contact', tags: ['vip', 'buyer'], firstContactAt: iso(50), lastContactAt: iso(50), inPond: false });
  });

  it('stage, tag, source and site: one value, or several meaning any of them', async () => {
    expect(sorted(await own(janeClient, 'stage=New'))).toEqual(['ann', 'dee', 'gus']);
    expect(sorted(await own(janeClient, 'stage=New&stage=Active'))).toEqual(['ann', 'cai', 'dee', 'gus']);
    expect(sorted(await own(janeClient, 'tag=vip'))).toEqual(['ann', 'ben']);
    expect(sorted(await own(janeClient, 'tag=vip&tag=seller'))).toEqual(['ann', 'ben', 'cai']);
    expect(sorted(await own(janeClient, 'source=zillow'))).toEqual(['ann', 'cai']);
    expect(sorted(await own(janeClient, `site=${JANE_SITE}`))).toEqual(['ann', 'dee', 'gus']);
    expect(sorted(await own(janeClient, 'stage=New&source=zillow'))).toEqual(['ann']);
    expect(sorted(await own(janeClient, `source=${encodeURIComponent('mañana')}`))).toEqual(['gus']);
  });

  it('agentId for brokers: one agent, several, or none (the pond); an agent naming another agent gets nothing', async () => {
    expect(sorted(await listed(brokerClient, `agentId=${alex.userId}`))).toEqual(['eve']);
    expect(sorted(await listed(brokerClient, 'agentId=none'))).toEqual(['flo']);
    expect(sorted(await listed(brokerClient, `agentId=${alex.userId}&agentId=none&tag=vip`))).toEqual(['eve']);
    expect(await listed(janeClient, `agentId=${alex.userId}`)).toEqual([]);
    const pond = await brokerClient.get(`/api/dashboard/leads/${id.flo}`);
    expect(pond.body.lead).toMatchObject({ assignedAgentId: null, inPond: true });
  });

  it('an agent also sees the office’s pond lead, with no agent and inPond, under the filters it matches', async () => {
    const res = await janeClient.get(`/api/dashboard/leads/${id.flo}`);
    expect(res.status).toBe(200);
    expect(res.body.lead).toMatchObject({ assignedAgentId: null, inPond: true });
    expect(await listed(janeClient, 'agentId=none')).toEqual(['flo']);
    expect(await listed(janeClient, 'q=pond')).toEqual(['flo']);
  });

  it('text, status and contacted', async () => {
    expect(await own(janeClient, 'q=gamma')).toEqual(['cai']);
    expect(sorted(await own(janeClient, 'status=contacted'))).toEqual(['ben', 'cai']);
    expect(sorted(await own(janeClient, 'contacted=yes'))).toEqual(['ben', 'cai']);
    expect(sorted(await own(janeClient, 'contacted=no'))).toEqual(['ann', 'dee', 'gus']);
  });

  it('notContactedHours=N: never contacted and in for more than N hours, or last contacted more than N hours ago', async () => {
    expect(sorted(await own(janeClient, 'notContactedHours=24'))).toEqual(['ann', 'ben', 'cai', 'gus']);
    expect(sorted(await own(janeClient, 'notContactedHours=72'))).toEqual(['ann', 'cai', 'gus']);
    expect(sorted(await own(janeClient, 'notContactedHours=300'))).toEqual(['gus']);
  });

  it('last activity, last contact and created: in the last …, more than … ago, or a range', async () => {
    expect(sorted(await own(janeClient, 'lastActivity=1d'))).toEqual(['cai', 'dee']);
    expect(sorted(await own(janeClient, 'lastActivity=>3d'))).toEqual(['ann', 'gus']);
    expect(sorted(await own(janeClient, 'lastContact=3d'))).toEqual(['ben']);
    expect(sorted(await own(janeClient, 'lastContact=>3d'))).toEqual(['cai']);
    expect(sorted(await own(janeClient, 'created=7d'))).toEqual(['ann', 'ben', 'dee']);
    expect(sorted(await own(janeClient, 'created=>7d'))).toEqual(['cai', 'gus']);
    expect(sorted(await own(janeClient, `created=${encodeURIComponent(`${iso(120)}..${iso(50)}`)}`))).toEqual(['ann', 'ben']);
  });

  it('sorts by last activity (the default, newest first), created, name and last contact, - for descending', async () => {
    const all = 'source=zillow&source=direct&source=realtor';
    expect(await own(janeClient, all)).toEqual(['cai', 'dee', 'ben', 'ann']);
    expect(await own(janeClient, `${all}&sort=lastActivity`)).toEqual(['ann', 'ben', 'dee', 'cai']);
    expect(await own(janeClient, `${all}&sort=name`)).toEqual(['ann', 'ben', 'cai', 'dee']);
    expect(await own(janeClient, `${all}&sort=-name`)).toEqual(['dee', 'cai', 'ben', 'ann']);
    expect(await own(janeClient, `${all}&sort=created`)).toEqual(['cai', 'ann', 'ben', 'dee']);
    expect(await own(janeClient, `${all}&sort=-created`)).toEqual(['dee', 'ben', 'ann', 'cai']);
    // Never contacted counts as contacted longest ago.
    const lastContact = await own(janeClient, `${all}&sort=lastContact`);
    expect(sorted(lastContact.slice(0, 2))).toEqual(['ann', 'dee']);
    expect(lastContact.slice(2)).toEqual(['cai', 'ben']);
    const newestContact = await own(janeClient, `${all}&sort=-lastContact`);
    expect(newestContact.slice(0, 2)).toEqual(['ben', 'cai']);
    expect(sorted(newestContact.slice(2))).toEqual(['ann', 'dee']);
    // Pages of a sort never overlap or skip.
    const total = (await janeClient.get(`/api/dashboard/leads?${all}`)).body.total as number;
    const pages: string[] = [];
    for (let page = 1; page <= total; page++) {
      const r = await janeClient.get(`/api/dashboard/leads?${all}&sort=name&perpage=1&page=${page}`);
      expect(r.body.total).toBe(total);
      pages.push(r.body.leads[0].leadId);
    }
    expect(new Set(pages).size).toBe(total);
    expect(pages.map((p) => nameOf.get(p)).filter((n) => n && n !== 'flo')).toEqual(['ann', 'ben', 'cai', 'dee']);
  });

  it('the web app’s feed takes the same filters and sort; its facets offer the viewer’s stages, tags and sites', async () => {
    expect(await listed(janeClient, 'tag=vip&sort=name', '/api/dashboard/feed')).toEqual(['ann', 'ben']);
    const facets = await janeClient.get('/api/dashboard/feed/facets');
    expect(facets.status).toBe(200);
    expect(facets.body.stages).toEqual(['New', 'Attempted contact', 'Active']);
    expect(facets.body.tags).toEqual(expect.arrayContaining(['buyer', 'seller', 'vip']));
    expect(facets.body.sites).toEqual([
      { siteId: DEMO_SITE, site: 'demo', siteName: 'Demo Realty' },
      { siteId: JANE_SITE, site: 'jane', siteName: 'Jane Agent Homes' },
    ]);
    const alexFacets = await alexClient.get('/api/dashboard/feed/facets');
    expect(alexFacets.body.tags).not.toContain('seller');
  });

  it('another agent sees none of Jane’s leads under any filter; a lead gets 403, signed out 401', async () => {
    for (const q of [
      'stage=New',
      'tag=vip',
      'source=zillow',
      `site=${JANE_SITE}`,
      `agentId=${jane.userId}`,
      'q=alpha',
      'contacted=yes',
      'notContactedHours=1',
      'lastActivity=30d',
      'created=>7d',
      'sort=name',
    ]) {
      const janes = await listed(alexClient, q);
      expect(
        janes.filter((n) => n !== 'eve' && n !== 'flo'),
        q,
      ).toEqual([]);
    }
    const lead = await signIn(server, 'lead@demo.test');
    expect((await lead.get('/api/dashboard/leads?stage=New')).status).toBe(403);
    expect((await lead.get('/api/dashboard/feed/facets')).status).toBe(403);
    expect((await WebClient.for(server.url).get('/api/dashboard/leads?stage=New')).status).toBe(401);
  });

  it('a bad filter is a 400 saying what the value must be', async () => {
    const bad = async (q: string) => {
      const r = await janeClient.get(`/api/dashboard/leads?${q}`);
      expect(r.status).toBe(400);
      return r.body.message as string;
    };
    expect(await bad('sort=price')).toBe('sort must be lastActivity, created, name, lastContact or score, with - in front for descending (e.g. -created)');
    expect(await bad('lastActivity=lately')).toBe('lastActivity must be like 7d (in the last 7 days), >30d (more than 30 days ago) or 2026-01-01..2026-01-31');
    expect(await bad('notContactedHours=0')).toBe('notContactedHours must be a whole number of hours from 1 to 8760');
    expect(await bad('agentId=jane')).toBe("agentId must be an agent's id or none");
    expect(await bad('status=old')).toBe('status must be new or contacted');
    expect(await bad('colour=red')).toBe('Unknown field: colour');
  });

  describe('CSV export', () => {
    const csv = async (client: WebClient, query = '') => {
      const res = await client.get(`/api/dashboard/leads/export.csv${query ? `?${query}` : ''}`);
      expect(res.status, res.text).toBe(200);
      return res;
    };
    const records = (text: string): string[][] => parseCsv(text, { delimiter: ',' }).records.map((r) => [...r.fields]);

    it('is UTF-8 text/csv with a BOM and a dated filename; one row per lead in scope with the expected fields', async () => {
      const res = await csv(janeClient);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
      expect(
        res.text.startsWith(
          '\uFEFFName,E-mail,Phone,Stage,Tags,Source,Site,Assigned agent,Lead type,Created (UTC),Last activity (UTC),First contact (UTC),Last contact (UTC),In pond,Lead ID\r\n',
        ),
      ).toBe(true);
      const [, ...rows] = records(res.text.slice(1));
      const total = (await janeClient.get('/api/dashboard/leads?perpage=1')).body.total as number;
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((r) => r[14])).size).toBe(total);
      const ben = rows.find((r) => r[14] === id.ben)!;
      expect(ben).toEqual([
        'Ben Beta',
        expect.stringContaining('@example.com'),
        '206-555-0199',
        'Attempted contact',
        'vip; buyer',
        'direct',
        'demo',
        'Jane Agent',
        'Buyer',
        iso(60).slice(0, 19).replace('T', ' '),
        iso(50).slice(0, 19).replace('T', ' '),
        iso(50).slice(0, 19).replace('T', ' '),
        iso(50).slice(0, 19).replace('T', ' '),
        'no',
        id.ben,
      ]);
    });

    it('neutralises formulas and keeps quotes, commas, line breaks and accents intact', async () => {
      const res = await csv(janeClient, `source=${encodeURIComponent('mañana')}`);
      expect(res.text).toContain(`"'=HYPERLINK(""http://evil.test"",""Gus, Jr."")"`);
      const [, gus] = records(res.text.slice(1));
      expect(gus!.slice(0, 6)).toEqual([`'=HYPERLINK("http://evil.test","Gus, Jr.")`, 'gus.müller@example.com', '', 'New', 'línea\nnueva', 'mañana']);
      expect(Buffer.from(res.text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    });

    it('takes the list’s filters and sort, and keeps to the viewer’s scope', async () => {
      const [, ...vip] = records((await csv(janeClient, 'tag=vip&sort=-name')).text.slice(1));
      expect(vip.map((r) => r[0])).toEqual(['Ben Beta', 'Ann Alpha']);
      const [, ...alexRows] = records((await csv(alexClient)).text.slice(1));
      expect(alexRows.map((r) => r[14])).not.toContain(id.ann);
      // Alex's own leads, and the office's pond lead (no agent) that every agent of the office sees.
      expect(alexRows.every((r) => r[7] === 'Alex Agent' || (r[7] === '' && r[13] === 'yes'))).toBe(true);
      const [, ...office] = records((await csv(brokerClient, 'agentId=none')).text.slice(1));
      expect(office.map((r) => [r[0], r[7], r[13]])).toEqual([['Flo Pond', '', 'yes']]);
      const bad = await janeClient.get('/api/dashboard/leads/export.csv?sort=price');
      expect(bad.status).toBe(400);
      const lead = await signIn(server, 'lead@demo.test');
      expect((await lead.get('/api/dashboard/leads/export.csv')).status).toBe(403);
    });

    it('is rate-limited per user: 10 in 10 minutes, then 429', async () => {
      const staff = await signIn(server, 'staff@porchlight.test');
      for (let i = 0; i < 10; i++) await csv(staff, 'agentId=none');
      const limited = await staff.get('/api/dashboard/leads/export.csv?agentId=none');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many exports; try again in a few minutes');
    });
  });
});
