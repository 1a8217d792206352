import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjection } from '../../projections/runner';
import { encodeCsv } from '../../src/contract/csv';
import type { Started } from '../../src/main';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { postInboundText, TWILIO_FROM, twilioStandIn } from '../support/twilio-stand-in';
import { waitForMail } from '../support/mail-outbox';
import { multipartFile, WebClient } from '../support/web-client';

const jane = demoUser('agent');
const staffUser = demoUser('staff');

/** Values only this lead ever gave (lower case: a search index folds case). */
const CANARY = {
  first: 'Quetzalfirst',
  last: 'Quetzallast',
  email: 'quetzal-canary@example.com',
  phone: '2065550187',
  inquiry: 'quetzal-inquiry-words',
  chat: 'quetzal-chat-words',
  text: 'quetzal-text-words',
  inbound: 'quetzal-inbound-text',
  search: 'quetzal-saved-search',
  note: 'quetzal-agent-note',
};
const canaries = Object.values(CANARY).map((c) => c.toLowerCase());

/** Every row of every table of the database (read models, outboxes, the log, keys) as text, lower case. */
async function wholeDatabase(server: Started): Promise<Map<string, string>> {
  const pool = server.runtime.db.pool;
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const out = new Map<string, string>();
  for (const t of tables) {
    const { rows } = await pool.query<{ r: string }>(`SELECT t::text AS r FROM "${t.schema}"."${t.name}" t`);
    out.set(
      `${t.schema}.${t.name}`,
      rows
        .map((r) => r.r)
        .join('\n')
        .toLowerCase(),
    );
  }
  return out;
}

const traces = (dump: Map<string, string>, values: readonly string[] = canaries) =>
  [...dump].flatMap(([table, text]) => values.filter((c) => text.includes(c) || text.includes(c.replace(/-/g, ' '))).map((c) => `${table}: ${c}`));

describe('erasure: a lead who inquired, chatted, was texted, saved a search and has an agent note is forgotten (issue 18)', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let twilio: Awaited<ReturnType<typeof twilioStandIn>>;
  const PUBLIC_URL = 'https://porchlight.test';
  const logged: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    // Everything the server logs, at debug, is kept to be searched.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => (
      logged.push(String(chunk)),
      writes.out(chunk, ...rest)
    )) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (
      logged.push(String(chunk)),
      writes.err(chunk, ...rest)
    )) as typeof process.stderr.write;
    twilio = await twilioStandIn();
    fixture = await startDashboardServer({ LOG_LEVEL: 'debug', ...twilio.env(PUBLIC_URL) });
    server = fixture.server;
  });
  afterAll(async () => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    await fixture?.stop();
    await twilio?.close();
  });

  it('leaves no canary in any table, read model after a full rebuild, outbox or log; the history keeps every event; the export has every canary before and none after', async () => {
    const lead = await newLead(server, 'jane.localhost', {
      FullName: `${CANARY.first} ${CANARY.last}`,
      Email: CANARY.email,
      Phone: CANARY.phone,
      Message: CANARY.inquiry,
    });
    await settle(server);
    const other = await newLead(server, 'jane.localhost', { FullName: 'Otto Other', Message: 'other-person-words' });
    await settle(server);
    expect((await lead.client.post('/api/dashboard/chat/sendmessage', { text: CANARY.chat })).status).toBe(200);
    expect(
      (await postInboundText(server.url, PUBLIC_URL, { From: `+1${CANARY.phone}`, To: TWILIO_FROM, Body: CANARY.inbound, MessageSid: 'SMquetzal' })).status,
    ).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');
    const up = await lead.client.request('POST', '/api/upload?object=uploads&action=uploadfiles', {
      raw: multipartFile('file', 'cv.pdf', pdf, 'application/pdf'),
    });
    const resumeUrl = up.body.data.files[0].FileURL as string;
    const resumed = await lead.client.post('/api/account/inquiry', {
      FullName: `${CANARY.first} ${CANARY.last}`,
      Email: CANARY.email,
      Phone: CANARY.phone,
      Message: CANARY.inquiry,
      LeadType: 'Resume',
      ResumeUrl: resumeUrl,
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect((await lead.client.get(resumeUrl)).status).toBe(200);
    expect((await fs.stat(path.join(server.runtime.config.dataDir, resumeUrl))).isFile()).toBe(true);
    expect((await lead.client.post('/api/search/savepdq', { name: CANARY.search, filtersAsString: JSON.stringify({ city: 'Seattle' }) })).status).toBe(200);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    expect((await agent.post(`/api/dashboard/leads/${lead.leadId}/notes`, { text: CANARY.note })).status).toBe(201);
    const texted = await agent.post(`/api/dashboard/leads/${lead.leadId}/messages`, { channel: 'text', body: CANARY.text, confirmQuietHours: true });
    expect(texted.status, texted.text).toBeLessThan(300);
    expect((await agent.post(`/api/dashboard/leads/${other.leadId}/notes`, { text: 'other-agent-note' })).status).toBe(201);
    await settle(server);

    const me = (await lead.client.get('/api/account/me')).body as { userDID: string };
    const userId = me.userDID;
    const exported = await lead.client.get('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    const page = await lead.client.get('/api/account/export?format=html');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // Words the person wrote are text on the page, never markup.
    expect(page.text).toContain(CANARY.chat);
    expect(page.text).not.toContain('<script');
    const before = JSON.stringify(exported.body).toLowerCase();
    // Every canary the person gave or was sent; the agent's private note is the agent's, not theirs.
    for (const c of canaries.filter((c) => c !== CANARY.note)) expect(before, c).toContain(c);
    expect(before).not.toContain(CANARY.note);
    expect(traces(await wholeDatabase(server)).length).toBeGreaterThan(0);

    const staff = await signIn(server, staffUser.email);
    const historyBefore = (await staff.get(`/api/backoffice/accounts/${userId}/history`)).body;

    const erased = await staff.post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'Asked by e-mail on 2026-11-20' });
    expect(erased.status, erased.text).toBe(200);
    expect((await staff.post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'again' })).body).toEqual({ message: 'This account is already erased' });
    await settle(server);

    expect(traces(await wholeDatabase(server))).toEqual([]);
    for (const p of server.runtime.projections) {
      await rebuildProjection({ pool: server.runtime.db.pool, store: server.runtime.store, projection: p, batchSize: 500 });
    }
    await settle(server);
    expect(traces(await wholeDatabase(server))).toEqual([]);
    const logText = logged.join('').toLowerCase();
    expect(canaries.filter((c) => logText.includes(c))).toEqual([]);

    // The history lists every event it did, with "[erased]" where the values were, and the erasure.
    const history = (await staff.get(`/api/backoffice/accounts/${userId}/history`)).body as { events: { type: string; data: unknown }[] };
    const types = (h: { events: { type: string }[] }) => h.events.map((e) => e.type);
    for (const t of types(historyBefore)) expect(types(history)).toContain(t);
    expect(types(history)).toContain('PersonErased');
    expect(JSON.stringify(history)).toContain('[erased]');
    expect(canaries.filter((c) => JSON.stringify(history).toLowerCase().includes(c))).toEqual([]);

    // The lead list shows the erased person; the other lead is intact, its note too.
    const list = (await agent.get('/api/dashboard/leads')).body as { leads: { leadId: string; fullName: string }[] };
    expect(list.leads.find((l) => l.leadId === lead.leadId)?.fullName).toBe('Erased person');
    expect(list.leads.find((l) => l.leadId === other.leadId)?.fullName).toBe('Otto Other');
    const timeline = ((await agent.get(`/api/dashboard/leads/${lead.leadId}`)).body as { timeline: { type: string; summary: string }[] }).timeline;
    expect(timeline.find((t) => t.type === 'PersonErased')?.summary).toBe('Personal data erased');
    expect(timeline.filter((t) => t.type === 'InquirySubmitted').every((t) => t.summary === '[erased]')).toBe(true);
    const otherDetail = JSON.stringify((await agent.get(`/api/dashboard/leads/${other.leadId}`)).body);
    expect(otherDetail).toContain('other-agent-note');

    // The résumé is gone from the disk, and its link answers 404.
    const file = path.join(server.runtime.config.dataDir, resumeUrl);
    await expect(fs.stat(file)).rejects.toThrow();
    expect((await staff.get(resumeUrl)).status).toBe(404);

    // Signed out everywhere and closed; the export (staff) now holds no canary.
    expect((await lead.client.get('/api/account/me')).status).toBe(401);
    const relogin = await WebClient.for(server.url, 'jane.localhost').post('/api/account/login', { Email: CANARY.email, password: 'whatever-it-was' });
    expect(relogin.body?.isSuccess).not.toBe(true);
    const after = JSON.stringify((await staff.get(`/api/backoffice/accounts/${userId}/export`)).body).toLowerCase();
    expect(canaries.filter((c) => after.includes(c))).toEqual([]);
    expect(after).toContain('personerased');
  });

  it.each([
    { erased: 'duplicate', tag: 'vireo' },
    { erased: 'survivor', tag: 'wren' },
  ] as const)(
    'a merged person: the $erased account is erased, and no trace of it stays under the lead it was merged with or in the parked twins, even after a full rebuild',
    async ({ erased, tag }) => {
      // The erased account gives the canaries; the other account of the merge gives plain values that stay.
      const c = {
        name: `${tag}first`,
        email: `${tag}-canary@example.com`,
        inquiry: `${tag}-inquiry-words`,
        chat: `${tag}-chat-words`,
        late: `${tag}-chat-after-merge`,
        note: `${tag}-agent-note`,
        search: `${tag}-saved-search`,
        task: `${tag}-task-title`,
      };
      const plain = { FullName: `Plain ${tag === 'vireo' ? 'Kestrel' : 'Linnet'}`, Message: 'plain-words' };
      const canaryLead = { FullName: `${c.name} Zed`, Email: c.email, Message: c.inquiry };
      const [survivor, duplicate] =
        erased === 'duplicate'
          ? [await newLead(server, 'jane.localhost', plain), await newLead(server, 'jane.localhost', canaryLead)]
          : [await newLead(server, 'jane.localhost', canaryLead), await newLead(server, 'jane.localhost', plain)];
      const gone = erased === 'duplicate' ? duplicate : survivor;
      const kept = erased === 'duplicate' ? survivor : duplicate;
      await settle(server);
      const agent = await signIn(server, jane.email, 'jane.localhost');
      // The erased account's history: a chat, the agent's note, a saved search; the other account's a note.
      expect((await gone.client.post('/api/dashboard/chat/sendmessage', { text: c.chat })).status).toBe(200);
      expect((await agent.post(`/api/dashboard/leads/${gone.leadId}/notes`, { text: c.note })).status).toBe(201);
      expect((await agent.post(`/api/dashboard/leads/${gone.leadId}/saved-searches`, { city: 'Seattle', name: c.search, frequency: 'daily' })).status).toBe(
        200,
      );
      expect((await agent.post(`/api/dashboard/leads/${gone.leadId}/tasks`, { type: 'call', title: c.task, dueAt: '2030-01-02T17:00:00.000Z' })).status).toBe(
        201,
      );
      expect((await agent.post(`/api/dashboard/leads/${kept.leadId}/notes`, { text: `${tag}-kept-note` })).status).toBe(201);
      await settle(server);
      const userOf = async (leadId: string) => ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body as { lead: { userId: string } }).lead.userId;
      const ids = { survivorId: await userOf(survivor.leadId), mergedId: await userOf(duplicate.leadId) };
      const staff = await signIn(server, staffUser.email);
      const merged = await staff.post('/api/backoffice/accounts/merge', { ...ids, reason: 'Same person, two e-mails' });
      expect(merged.status, merged.text).toBe(200);
      await settle(server);
      // What the erased account does after the merge lands on the survivor (merged_from when it is the duplicate).
      expect((await gone.client.post('/api/dashboard/chat/sendmessage', { text: c.late })).status).toBe(200);
      await settle(server);
      const values = Object.values(c).map((v) => v.toLowerCase());
      expect(traces(await wholeDatabase(server), values).length).toBeGreaterThan(0);

      const userId = erased === 'duplicate' ? ids.mergedId : ids.survivorId;
      const res = await staff.post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'Asked by e-mail' });
      expect(res.status, res.text).toBe(200);
      await settle(server);
      const readModels = async () => traces(await wholeDatabase(server), values);
      expect(await readModels()).toEqual([]);
      for (const p of server.runtime.projections) {
        await rebuildProjection({ pool: server.runtime.db.pool, store: server.runtime.store, projection: p, batchSize: 500 });
      }
      await settle(server);
      expect(await readModels()).toEqual([]);
      // The other account's own records stay: its note is still under the lead it shows on.
      const shown = JSON.stringify((await agent.get(`/api/dashboard/feed/lead/${survivor.leadId}`)).body);
      expect(shown).toContain(`${tag}-kept-note`);
    },
  );

  it('a lead imported by CSV with an alert-saving search: the import report and the alerts tables keep nothing of them, even after a rebuild', async () => {
    const c = { first: 'Kiskadeefirst', last: 'Kiskadeelast', email: 'kiskadee-canary@example.com', phone: '2065550199' };
    const agent = await signIn(server, jane.email, 'jane.localhost');
    // The second row is the same person again: the report's row names the imported lead.
    const csv = encodeCsv([
      ['First Name', 'Last Name', 'Email', 'Phone'],
      [c.first, c.last, c.email, c.phone],
      [c.first, c.last, c.email.toUpperCase(), c.phone],
    ]);
    const imported = await agent.request('POST', '/api/dashboard/leads/import', { raw: multipartFile('file', 'kiskadee.csv', Buffer.from(csv), 'text/csv') });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1, duplicates: 1 });
    await settle(server);
    const leads = (await agent.get('/api/dashboard/leads')).body as { leads: { leadId: string; fullName: string }[] };
    const leadId = leads.leads.find((l) => l.fullName === `${c.first} ${c.last}`)!.leadId;
    const userId = ((await agent.get(`/api/dashboard/feed/lead/${leadId}`)).body as { lead: { userId: string } }).lead.userId;
    const saved = await agent.post(`/api/dashboard/leads/${leadId}/saved-searches`, { city: 'Seattle', name: 'kiskadee-saved-search', frequency: 'daily' });
    expect(saved.status, saved.text).toBe(200);
    expect(
      (await agent.post(`/api/dashboard/leads/${leadId}/saved-searches`, { city: 'Tacoma', name: 'kiskadee-second-search', frequency: 'instant' })).status,
    ).toBe(200);
    await settle(server);

    const pool = server.runtime.db.pool;
    const rowsOfThem = async () => ({
      importRows: (await pool.query('SELECT 1 FROM lead_import_rows WHERE lead_id = $1', [leadId])).rowCount,
      liveSearches: (await pool.query('SELECT 1 FROM alert_searches WHERE (lead_id = $1 OR user_id = $2) AND NOT deleted', [leadId, userId])).rowCount,
      criteria: (await pool.query(`SELECT 1 FROM alert_searches WHERE (lead_id = $1 OR user_id = $2) AND criteria <> '{}'::jsonb`, [leadId, userId])).rowCount,
    });
    expect(await rowsOfThem()).toEqual({ importRows: 1, liveSearches: 2, criteria: 2 });
    const values = Object.values(c)
      .map((v) => v.toLowerCase())
      .concat('kiskadee-saved-search');
    expect(traces(await wholeDatabase(server), values).length).toBeGreaterThan(0);

    const staff = await signIn(server, staffUser.email);
    const res = await staff.post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'Asked by phone' });
    expect(res.status, res.text).toBe(200);
    await settle(server);
    expect(await rowsOfThem()).toEqual({ importRows: 0, liveSearches: 0, criteria: 0 });
    expect(traces(await wholeDatabase(server), values)).toEqual([]);
    // The import's counts stay (they name no one); a rebuild of both read models ends the same.
    expect((await agent.get(`/api/dashboard/leads/import/${imported.body.importId}`)).body).toMatchObject({ imported: 1, duplicates: 1 });
    for (const p of server.runtime.projections.filter((p) => p.name === 'alerts' || p.name === 'lead_imports')) {
      await rebuildProjection({ pool, store: server.runtime.store, projection: p, batchSize: 500 });
    }
    await settle(server);
    expect(await rowsOfThem()).toEqual({ importRows: 0, liveSearches: 0, criteria: 0 });
    expect(traces(await wholeDatabase(server), values)).toEqual([]);
  });

  it('erasure during a running rebuild: the rebuilt read model holds no trace either', async () => {
    const zephyr = ['zephyrfirst', 'zephyr-canary@example.com', 'zephyr-inquiry-words'];
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Zephyrfirst Zed', Email: zephyr[1], Message: zephyr[2] });
    await settle(server);
    const userId = ((await lead.client.get('/api/account/me')).body as { userDID: string }).userDID;
    const staff = await signIn(server, staffUser.email);
    // The lead list and the lead's timeline, rebuilt side by side.
    const rebuilt = server.runtime.projections.filter((p) => p.name === 'lead_feed' || p.name === 'lead_timeline');
    expect(rebuilt).toHaveLength(2);
    let erasure: Promise<{ status: number }> | undefined;
    let phaseWhenErased = '';
    const phases = new Map<string, string>();
    // One event a batch, so the rebuilds are still replaying when the erasure (started at the first batch) is done.
    await Promise.all(
      rebuilt.map((projection) =>
        rebuildProjection({
          pool: server.runtime.db.pool,
          store: server.runtime.store,
          projection,
          batchSize: 1,
          onProgress: (p) => {
            phases.set(projection.name, p.phase);
            erasure ??= staff
              .post(`/api/backoffice/accounts/${userId}/erase`, { reason: 'During a rebuild' })
              .then((r) => ((phaseWhenErased = phases.get(projection.name)!), r));
          },
        }),
      ),
    );
    expect((await erasure!).status).toBe(200);
    expect(phaseWhenErased).toBe('replaying');
    await settle(server);
    expect(traces(await wholeDatabase(server), zephyr)).toEqual([]);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const list = (await agent.get('/api/dashboard/leads')).body as { leads: { leadId: string; fullName: string }[] };
    expect(list.leads.find((l) => l.leadId === lead.leadId)?.fullName).toBe('Erased person');
  });

  it('scopes: signed out 401, a lead or agent on the back-office 403, an unknown account 404, a wrong password 400', async () => {
    const anon = WebClient.for(server.url, 'localhost');
    expect((await anon.get('/api/account/export')).status).toBe(401);
    expect((await anon.post('/api/account/erase', { password: 'x' })).status).toBe(401);
    const lead = await newLead(server, 'jane.localhost');
    const agent = await signIn(server, jane.email, 'jane.localhost');
    expect((await lead.client.post(`/api/backoffice/accounts/${jane.userId}/erase`, { reason: 'x' })).status).toBe(403);
    expect((await agent.get(`/api/backoffice/accounts/${jane.userId}/export`)).status).toBe(403);
    const staff = await signIn(server, staffUser.email);
    expect((await staff.get('/api/backoffice/accounts/00000000-0000-4000-8000-000000000999/export')).status).toBe(404);
    expect((await staff.post(`/api/backoffice/accounts/${jane.userId}/erase`, { reason: ' ' })).body).toEqual({ message: 'Please give a reason' });
    expect((await staff.post(`/api/backoffice/accounts/${staffUser.userId}/erase`, { reason: 'x' })).status).toBe(403);
    expect((await lead.client.post('/api/account/erase', { password: 'not-it' })).body).toEqual({
      message: 'Your account has no password: ask for a confirmation link by e-mail instead',
    });
  });

  it('the person erases themself from /account with their password re-entered, and is signed out', async () => {
    const person = await signIn(server, demoUser('lead').email);
    expect((await person.post('/api/account/erase', { password: 'not-it' })).body).toEqual({ message: 'Your password is not correct' });
    const done = await person.post('/api/account/erase', { password: 'porchlight-demo' });
    expect(done.status, done.text).toBe(200);
    expect((await person.get('/api/account/me')).status).toBe(401);
    const again = await WebClient.for(server.url, 'localhost').post('/api/account/login', { Email: demoUser('lead').email, password: 'porchlight-demo' });
    expect(again.body?.isSuccess).not.toBe(true);
  });

  it('an account without a password asks for a confirmation link: mailed through the outbox, it erases once, from a POST of its page', async () => {
    const email = 'oriole-link@example.com';
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Oriole Linkfirst', Email: email, Message: 'oriole-words' });
    await settle(server);
    const userId = ((await lead.client.get('/api/account/me')).body as { userDID: string }).userDID;
    const asked = await lead.client.post('/api/account/erase', {});
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ isSuccess: true, linkSent: true, message: 'We have e-mailed you a link to confirm. It works once, for 60 minutes.' });
    // Nothing is erased by asking: the person is still signed in.
    expect((await lead.client.get('/api/account/me')).status).toBe(200);
    const mail = await waitForMail(server.runtime.db.pool, email, (m) => m.subject === 'Confirm erasing your account');
    const link = /https?:\/\/\S+\/account\/erase\?token=(\S+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // A link changed by one character, or of another kind, erases nothing.
    const anon = WebClient.for(server.url, 'jane.localhost');
    expect((await anon.post('/api/account/erase/confirm', { token: token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA') })).body).toEqual({
      message: 'This link is not valid or has expired. Please ask for a new one from your account page.',
    });
    expect((await lead.client.get('/api/account/me')).status).toBe(200);

    // Signed out, in another browser: the link's holder confirms.
    const done = await anon.post('/api/account/erase/confirm', { token });
    expect(done.status, done.text).toBe(200);
    expect((await lead.client.get('/api/account/me')).status).toBe(401);
    // The history lists an account's streams from a read model: wait until it has the erasure's.
    await settle(server);
    const staff = await signIn(server, staffUser.email);
    const history = (await staff.get(`/api/backoffice/accounts/${userId}/history`)).body as { events: { type: string }[] };
    expect(history.events.map((e) => e.type)).toContain('PersonErased');
    // Once only.
    expect((await anon.post('/api/account/erase/confirm', { token })).body).toEqual({
      message: 'This link is not valid or has expired. Please ask for a new one from your account page.',
    });
    expect((await server.runtime.db.pool.query('SELECT 1 FROM erasure_link_outbox WHERE user_id = $1 AND used_at IS NULL', [userId])).rowCount).toBe(0);
  });

  it('asking for links is rate-limited per account, and a staff account cannot ask', async () => {
    const lead = await newLead(server, 'jane.localhost', { FullName: 'Pipit Limitfirst', Email: 'pipit-limit@example.com', Message: 'pipit-words' });
    await settle(server);
    for (let i = 0; i < 5; i++) expect((await lead.client.post('/api/account/erase', {})).status).toBe(200);
    expect((await lead.client.post('/api/account/erase', {})).status).toBe(429);
    const staff = await signIn(server, staffUser.email);
    expect((await staff.post('/api/account/erase', {})).status).toBe(403);
  });
});
