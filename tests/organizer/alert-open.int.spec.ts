import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { SecretKey } from '../../src/modules/accounts';
import { signAlertLinkToken } from '../../src/modules/alerts/open-alerts/alert-link-token';
import { castOf, registerPerson, signedIn } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';
import { alertsSettled, home, importHomes, signedUpLead, square } from './organizer-fixture';

const DOWNTOWN = square(47.61, -122.33, 0.01);
const GIF = 'image/gif';

/** The addresses an alert e-mail carries: the listing link (text part) and the tracking image (HTML part). */
type AlertMail = { alertId: string; open: string; pixel: string; text: string };

describe('alert e-mails: the signed-in link and open tracking (issue 8)', () => {
  let db: TestDatabase;
  let server: Started;
  let cast: Awaited<ReturnType<typeof castOf>>;
  let leadId: string;
  /** The session the inquiry started (an address nobody had proved yet). */
  let inquirySession: WebClient;

  const mailsTo = async (to: string): Promise<AlertMail[]> => {
    const { rows } = await db.pool.query<{ text_body: string; html_body: string }>(
      'SELECT text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY id',
      [to],
    );
    return rows.map((r) => {
      const open = /https?:\/\/\S+(\/api\/alerts\/([0-9a-f-]{36})\/open\?t=\S+)/.exec(r.text_body);
      const pixel = /<img src="https?:\/\/[^"/]+(\/api\/alerts\/[0-9a-f-]{36}\/pixel\.gif\?t=[^"]+)"/.exec(r.html_body);
      if (!open || !pixel) throw new Error(`no signed links in ${r.text_body}`);
      return { alertId: open[2]!, open: open[1]!, pixel: pixel[1]!.replace(/&amp;/g, '&'), text: r.text_body };
    });
  };
  const openings = async (alertId: string) =>
    (await db.pool.query(`SELECT data FROM events WHERE type = 'PropertyAlertOpened' AND stream_id = $1`, [`alert-${alertId}`])).rows.map((r) => r.data);
  const fresh = () => WebClient.for(server.url, 'demo.localhost');
  /** What a signed-out browser does with the link: fetch it, then post the continue page's form. */
  const continueOf = (page: string) => ({
    action: /<form method="post" action="([^"]+)"/.exec(page)![1]!,
    t: /name="t" value="([^"]+)"/.exec(page)![1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
  });
  const post = (c: WebClient, action: string, t: string, origin?: string) =>
    c.request('POST', action, { raw: { body: `t=${encodeURIComponent(t)}`, contentType: 'application/x-www-form-urlencoded' }, ...(origin ? { origin } : {}) });
  const follow = async (c: WebClient, link: string) => {
    const res = await c.get(link);
    if (res.status !== 200) return res;
    const form = continueOf(res.text);
    return post(c, form.action, form.t);
  };
  const signedInAs = async (c: WebClient) => {
    const me = await c.get('/api/account/me');
    return me.status === 200 ? me.body.email : null;
  };
  /** A new listing inside the saved area, and the alert e-mail it brings. */
  const alertFor = async (key: string): Promise<AlertMail> => {
    const before = (await mailsTo('ada@open.test')).length;
    await importHomes(server, [home(key, { Latitude: 47.612, Longitude: -122.331, UnparsedAddress: `${key} Inside Way` })]);
    await alertsSettled(server);
    const mails = await mailsTo('ada@open.test');
    expect(mails).toHaveLength(before + 1);
    return mails.at(-1)!;
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    cast = await castOf(server);
    const ada = await signedUpLead(server, 'ada@open.test');
    inquirySession = ada;
    expect((await ada.post('/api/search/savepdq', { name: 'Downtown', filtersAsString: JSON.stringify({ polygonmap: DOWNTOWN }) })).status).toBe(200);
    await server.runtime.runner.waitForCatchUp();
    leadId = (await db.pool.query(`SELECT data->>'leadId' AS id FROM events WHERE type = 'SavedSearchSaved'`)).rows[0].id;
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('never signs anyone in or records anything with a tampered, expired, misused or missing token; it still redirects to the listing', async () => {
    const mail = await alertFor('TAMPER');
    expect(mail.text).not.toContain('/listing/T-TAMPER\n');
    const [path, token] = mail.open.split('?t=') as [string, string];
    const key = await server.app.get(SecretKey).get();
    const claims = { alertId: mail.alertId, userId: /\.([0-9a-f-]{36})\.\d+\./.exec(decodeURIComponent(token))![1]!, purpose: 'open' as const };
    const sign = (purpose: 'open' | 'pixel', daysAgo: number, alertId = mail.alertId) =>
      signAlertLinkToken(key, { ...claims, purpose, alertId, issuedAt: new Date(Date.now() - daysAgo * 86_400_000) });
    const flip = (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
    const other = '00000000-0000-4000-8000-000000000001';
    // For each path, the tokens that must not count there: altered, expired, made for the other path, for another alert, none.
    const badFor = (purpose: 'open' | 'pixel') => [
      flip(sign(purpose, 0)),
      sign(purpose, 15),
      sign(purpose === 'open' ? 'pixel' : 'open', 0),
      sign(purpose, 0, other),
      'nonsense',
      '',
    ];
    for (const bad of badFor('open')) {
      const c = fresh();
      const res = await c.get(`${path}?t=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/listing/T-TAMPER');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(c.cookies.has('sid')).toBe(false);
      expect(await signedInAs(c)).toBeNull();
    }
    for (const bad of badFor('pixel')) {
      const pixel = await fresh().get(`${mail.pixel.split('?t=')[0]}?t=${encodeURIComponent(bad)}`);
      expect(pixel.status).toBe(200);
      expect(pixel.headers['content-type']).toBe(GIF);
    }
    expect((await fresh().get(path)).headers.location).toBe('/listing/T-TAMPER');
    // An alert that does not exist goes to the home page; a path that is not an alert id too.
    expect((await fresh().get(`/api/alerts/00000000-0000-4000-8000-000000000001/open?t=${token}`)).headers.location).toBe('/');
    expect((await fresh().get(`/api/alerts/not-an-id/open?t=${token}`)).headers.location).toBe('/');
    expect(await openings(mail.alertId)).toEqual([]);
    // Posted straight (as the continue page would) with a bad token: the listing, nobody signed in.
    for (const bad of badFor('open')) {
      const c = fresh();
      const res = await post(c, path, bad);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/listing/T-TAMPER');
      expect(await signedInAs(c)).toBeNull();
    }
    expect(await openings(mail.alertId)).toEqual([]);
    // A link sent more than a day ago leads to the listing signed out; one sent within the day signs in.
    const late = fresh();
    expect((await follow(late, `${path}?t=${encodeURIComponent(sign('open', 1.1))}`)).headers.location).toBe('/listing/T-TAMPER');
    expect(await signedInAs(late)).toBeNull();
    const c = fresh();
    expect((await follow(c, `${path}?t=${encodeURIComponent(sign('open', 0.9))}`)).status).toBe(303);
    expect(await signedInAs(c)).toBe('ada@open.test');
  });

  it('following the link (through the continue page) signs a signed-out lead in, records the opening and lands on the listing', async () => {
    const mail = await alertFor('LINK');
    // A link scanner only fetches: it gets the continue page, and nothing is recorded or started.
    const scanner = fresh();
    const page = await scanner.get(mail.open);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toContain('no-store');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1]!;
    expect(page.text).toContain(`<script nonce="${nonce}">`);
    // Nothing about the person: not their address (a random token may well contain the letters 'ada').
    expect(page.text).not.toContain('ada@');
    expect(page.text).not.toContain('open.test');
    expect(scanner.cookies.has('sid')).toBe(false);
    expect(await openings(mail.alertId)).toEqual([]);
    // A post from another site is refused (the usual cross-site rule): no sign-in by someone else's page.
    const form = continueOf(page.text);
    expect((await post(fresh(), form.action, form.t, 'http://elsewhere.test')).status).toBe(403);
    expect(await openings(mail.alertId)).toEqual([]);

    const browser = fresh();
    const res = await follow(browser, mail.open);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/listing/T-LINK');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(browser.cookies.has('sid')).toBe(true);
    expect(await signedInAs(browser)).toBe('ada@open.test');
    // The sign-in is the usual one: recorded on the account's stream, with how it happened.
    const { rows } = await db.pool.query(`SELECT data->>'method' AS method FROM events WHERE type = 'UserSignedIn' ORDER BY global_position DESC LIMIT 1`);
    expect(rows[0].method).toBe('alert-link');
    // The link came to the address: the first proof of it (issue 12) ends the inquiry's session.
    const proof = await db.pool.query(`SELECT data FROM events WHERE type = 'EmailVerified'`);
    expect(proof.rows.map((r) => r.data.how)).toEqual(['alert-link']);
    expect((await inquirySession.get('/api/account/me')).status).toBe(401);
    expect(await openings(mail.alertId)).toEqual([
      expect.objectContaining({ alertId: mail.alertId, leadId, pdid: 'T-LINK', change: 'New listing', how: 'link' }),
    ]);

    // Followed again while signed in: the same session, the same single opening.
    const sid = browser.cookies.get('sid');
    expect((await browser.get(mail.open)).headers.location).toBe('/listing/T-LINK');
    expect(browser.cookies.get('sid')).toBe(sid);
    expect(await openings(mail.alertId)).toHaveLength(1);

    // The link signs in once: followed again in another browser (a forwarded or stolen e-mail), the listing opens signed out.
    const replay = fresh();
    const again = await follow(replay, mail.open);
    expect(again).toMatchObject({ status: 303, headers: { location: '/listing/T-LINK' } });
    expect(replay.cookies.has('sid')).toBe(false);
    expect(await signedInAs(replay)).toBeNull();

    // Someone else signed in on that browser stays who they are.
    const agent = await signedIn(server, cast.agent);
    expect((await agent.get(mail.open)).status).toBe(302);
    expect(await signedInAs(agent)).toBe(cast.agent.email);
  });

  it('the tracking image records the opening exactly once, however often it is fetched', async () => {
    const mail = await alertFor('PIXEL');
    const fetches = await Promise.all([0, 1, 2].map(() => fresh().get(mail.pixel)));
    fetches.push(await fresh().get(mail.pixel));
    for (const f of fetches) {
      expect(f.status).toBe(200);
      expect(f.headers['content-type']).toBe(GIF);
      expect(f.headers['set-cookie']?.some((c) => c.startsWith('sid='))).toBeFalsy();
    }
    expect(await openings(mail.alertId)).toEqual([expect.objectContaining({ alertId: mail.alertId, pdid: 'T-PIXEL', how: 'pixel' })]);
    // The link after the image: it signs in, and the opening stays the one already recorded.
    const browser = fresh();
    await follow(browser, mail.open);
    expect(await signedInAs(browser)).toBe('ada@open.test');
    expect(await openings(mail.alertId)).toHaveLength(1);
  });

  it("shows the openings in the lead's timeline to the lead's agent and office, not to another agent or the lead", async () => {
    await server.runtime.runner.waitForCatchUp();
    const staff = await signedIn(server, cast.staff);
    const { lead } = (await staff.get(`/api/dashboard/leads/${leadId}`)).body;
    const owner = lead.assignedAgentId === cast.agent.userId ? cast.agent : cast.broker;
    const otherBroker = await registerPerson(server, { email: 'ole.broker@elsewhere.test', firstName: 'Ole', lastName: 'Broker', level: 15 });
    const otherAgent = await registerPerson(server, {
      email: 'oda.agent@elsewhere.test',
      firstName: 'Oda',
      lastName: 'Agent',
      level: 10,
      officeId: otherBroker.userId,
    });
    await server.runtime.runner.waitForCatchUp();

    for (const viewer of [owner, cast.broker, cast.staff]) {
      const c = await signedIn(server, viewer);
      for (const path of [`/api/dashboard/leads/${leadId}`, `/api/dashboard/feed/lead/${leadId}`]) {
        const res = await c.get(path);
        expect(res.status, `${viewer.email} ${path}`).toBe(200);
        const lines = res.body.timeline.map((t: { type: string; summary: string }) => `${t.type}: ${t.summary}`);
        expect(lines).toEqual(
          expect.arrayContaining([
            'PropertyAlertOpened: Opened the alert about LINK Inside Way: New listing',
            'PropertyAlertOpened: Opened the alert about PIXEL Inside Way: New listing',
          ]),
        );
        expect(lines.filter((l: string) => l.startsWith('PropertyAlertOpened')).length).toBe(3);
      }
    }
    const stranger = await signedIn(server, otherAgent);
    expect((await stranger.get(`/api/dashboard/leads/${leadId}`)).status).toBe(404);
    expect((await stranger.get(`/api/dashboard/feed/lead/${leadId}`)).status).toBe(404);
    const ada = fresh();
    await follow(ada, (await alertFor('LAST')).open);
    expect(await signedInAs(ada)).toBe('ada@open.test');
    expect((await ada.get(`/api/dashboard/leads/${leadId}`)).status).toBe(403);
  });
});
