import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCsv } from '../../src/contract/csv';
import { loadAccount } from '../../src/modules/accounts';
import { connectSocket, demoUser, record, settle, signIn, until } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { multipartFile, WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');

type Expected = { row: number; outcome: 'imported' | 'duplicate' | 'rejected'; message: string | null };

/**
 * A file like an agent's old CRM export: 10,000 people with bad rows (an e-mail that is not one,
 * a short phone, one-word names, an agent's address), people twice in the file (same e-mail, or
 * same phone under another address), and people already leads of the office (by e-mail or phone).
 * Answers the CSV and what should become of each row.
 */
function bigFile(existing: { email: string; phone: string }, n = 10_000) {
  const rows: string[][] = [['First Name', 'Last Name', 'Email', 'Phone', 'Tags', 'Notes']];
  const expected: Expected[] = [];
  const emails: string[] = [];
  const phones: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = i + 2;
    let first = `Pat${i}`;
    let email = `imp-${i}@example.com`;
    let phone = String(3_000_000_000 + i);
    let e: Expected = { row, outcome: 'imported', message: null };
    if (i % 100 === 7) [email, e] = ['not-an-email', { row, outcome: 'rejected', message: 'Please enter a valid email' }];
    else if (i % 100 === 13) [phone, e] = ['555', { row, outcome: 'rejected', message: 'Please enter a valid phone number' }];
    else if (i % 250 === 21) e = { row, outcome: 'rejected', message: 'Please enter your full name' };
    else if (i % 100 === 42) [email, e] = [emails[i - 1]!.toUpperCase(), { row, outcome: 'duplicate', message: 'Same e-mail or phone as an earlier row' }];
    else if (i % 500 === 99)
      [phone, e] = [
        `(${phones[i - 2]!.slice(0, 3)}) ${phones[i - 2]!.slice(3, 6)}-${phones[i - 2]!.slice(6)}`,
        { row, outcome: 'duplicate', message: 'Same e-mail or phone as an earlier row' },
      ];
    else if (i === 5000) [email, e] = [existing.email, { row, outcome: 'duplicate', message: 'Already a lead of your office' }];
    else if (i === 6000) [phone, e] = [`+1 ${existing.phone}`, { row, outcome: 'duplicate', message: 'Already a lead of your office' }];
    else if (i === 7000) [email, e] = ['lead@demo.test', { row, outcome: 'duplicate', message: 'Already a lead of your office' }];
    else if (i === 8000) [email, e] = [jane.email, { row, outcome: 'rejected', message: 'Email already in use' }];
    emails.push(email);
    phones.push(phone);
    rows.push([
      first,
      i % 250 === 21 ? '' : 'Import',
      email,
      phone,
      i % 3 === 0 ? 'Old CRM, 2024' : '',
      i % 10 === 0 ? `Note for ${i}, "quoted"\nsecond line` : '',
    ]);
    expected.push(e);
    first = '';
  }
  return { csv: encodeCsv(rows), expected, emails };
}

const count = (expected: readonly Expected[], o: Expected['outcome']) => expected.filter((e) => e.outcome === o).length;

/** A name word from a random tag: a word of digits only (one tag in 16 is) is not a valid name. */
const lettersOf = (tag: string) => tag.replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!);

describe('CSV import of leads (POST /api/dashboard/leads/import)', () => {
  const app = dashboardServer();
  let janeClient: WebClient;
  const post = (c: WebClient, csv: string | Buffer, fields: Record<string, string> = {}, name = 'leads.csv') =>
    c.request('POST', '/api/dashboard/leads/import', { raw: multipartFile('file', name, Buffer.isBuffer(csv) ? csv : Buffer.from(csv), 'text/csv', fields) });
  /** After a large import the read models have tens of thousands of events to fold. */
  const settleAll = async () => {
    await app.server.runtime.runner.waitForCatchUp(600_000);
    await settle(app.server);
  };
  const leadCount = async () => (await app.server.runtime.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_feed')).rows[0]!.n;

  beforeAll(async () => {
    const { server } = app;
    janeClient = await signIn(server, jane.email);
  });

  it(
    '10,000 rows with duplicates (in the file and already in the office) and bad rows: exact counts and row numbers; a retried import changes nothing; imported people are marked user_IsImport',
    { timeout: 600_000 },
    async () => {
      const { server } = app;
      const existing = { email: `exist-${randomUUID().slice(0, 6)}@example.com`, phone: '206-777-0001' };
      expect((await janeClient.post('/api/dashboard/leads', { FullName: 'Ex Isting', Email: existing.email, Phone: '2067770009' })).status).toBe(201);
      expect((await janeClient.post('/api/dashboard/leads', { FullName: 'Ph One', Email: `p-${existing.email}`, Phone: existing.phone })).status).toBe(201);
      await settle(server);
      const { csv, expected, emails } = bigFile(existing);
      const before = await leadCount();

      const t0 = performance.now();
      const res = await post(janeClient, csv);
      const seconds = (performance.now() - t0) / 1000;
      expect(res.status, res.text).toBe(200);
      console.log(`lead import: ${expected.length} rows in ${seconds.toFixed(1)} s (${Math.round(expected.length / seconds)} rows/s)`);
      const rejected = expected.filter((e) => e.outcome === 'rejected');
      expect(res.body).toEqual({
        importId: expect.any(String),
        state: 'done',
        total: 10_000,
        done: 10_000,
        imported: count(expected, 'imported'),
        duplicates: count(expected, 'duplicate'),
        merged: 0,
        rejected: rejected.length,
        errors: rejected.map(({ row, message }) => ({ row, message })),
      });
      expect(res.body.imported).toBe(10_000 - 241 - 100 - 20 - 3);

      const t1 = performance.now();
      await settleAll();
      console.log(`read models caught up ${((performance.now() - t1) / 1000).toFixed(1)} s after the import answered`);
      expect(await leadCount()).toBe(before + res.body.imported);
      const progress = await janeClient.get(`/api/dashboard/leads/import/${res.body.importId}`);
      expect(progress.body).toEqual(res.body);

      // The report: every row that did not become a new lead, with why.
      const report = await janeClient.get(`/api/dashboard/leads/import/${res.body.importId}/report.csv`);
      expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = report.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Row,Result,Message,Lead id');
      const notImported = expected.filter((e) => e.outcome !== 'imported');
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(notImported.map((e) => `${e.row},${e.outcome},${e.message}`));

      // An imported person: a lead of Jane's from "import", tagged, the note as its inquiry; an account marked as an import with texts off.
      const list = (await janeClient.get(`/api/dashboard/leads?q=${encodeURIComponent(emails[30]!)}`)).body.leads;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        fullName: 'Pat30 Import',
        email: 'imp-30@example.com',
        source: 'import',
        assignedAgentId: jane.userId,
        tags: ['Old CRM', '2024'],
      });
      const detail = (await janeClient.get(`/api/dashboard/feed/lead/${list[0].leadId}`)).body;
      expect(detail.timeline.find((t: { type: string }) => t.type === 'InquirySubmitted').summary).toContain('Note for 30, "quoted" second line');
      const { account } = await loadAccount(server.runtime.store, detail.lead.userId);
      expect(account).toMatchObject({ exists: true, securityLevel: 5, isImport: true, importOptedIn: false, consent: { text: false, email: true } });
      const users = await server.runtime.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE is_import AND email LIKE 'imp-%@example.com'`,
      );
      expect(users.rows[0]!.n).toBe(res.body.imported);

      // The same post again (a retry after a lost answer) is the same import: same answer, nothing new.
      const again = await post(janeClient, csv);
      expect(again.body).toEqual(res.body);
      // A new import of the same file: every row is now a duplicate or rejected, nothing is created twice.
      const fresh = await post(janeClient, csv, { importId: randomUUID() });
      expect(fresh.body).toMatchObject({ imported: 0, duplicates: 10_000 - rejected.length, rejected: rejected.length });
      await settleAll();
      expect(await leadCount()).toBe(before + res.body.imported);
    },
  );

  it(
    'an import stopped half way (the database refused a batch) goes on from its last batch when posted again: every row once',
    { timeout: 300_000 },
    async () => {
      const { server } = app;
      const tag = randomUUID().slice(0, 6);
      const rows = [
        ['Name', 'Email', 'Phone'],
        ...Array.from({ length: 1200 }, (_, i) => [`Res ${lettersOf(tag)}`, `res-${tag}-${i}@example.com`, String(4_000_000_000 + i)]),
      ];
      const csv = encodeCsv(rows);
      const importId = randomUUID();
      const pool = server.runtime.db.pool;
      await pool.query(`CREATE FUNCTION fail_late_import_batch() RETURNS trigger AS $$
      BEGIN IF NEW.type = 'LeadImportBatchApplied' AND (NEW.data->>'done')::int > 500 THEN RAISE EXCEPTION 'the disk is full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await pool.query('CREATE TRIGGER fail_late_import_batch BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION fail_late_import_batch()');
      const before = await leadCount();
      try {
        const failed = await post(janeClient, csv, { importId });
        expect(failed.status).toBe(500);
        await settleAll();
        expect((await janeClient.get(`/api/dashboard/leads/import/${importId}`)).body).toMatchObject({
          state: 'running',
          total: 1200,
          done: 500,
          imported: 500,
        });
        expect(await leadCount()).toBe(before + 500);
      } finally {
        await pool.query('DROP TRIGGER fail_late_import_batch ON events');
      }
      const resumed = await post(janeClient, csv, { importId });
      expect(resumed.body).toMatchObject({ state: 'done', total: 1200, done: 1200, imported: 1200, duplicates: 0, rejected: 0 });
      await settleAll();
      expect(await leadCount()).toBe(before + 1200);
      const { rows: per } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_feed WHERE email LIKE $1 GROUP BY email HAVING count(*) > 1`, [
        `res-${tag}-%`,
      ]);
      expect(per).toEqual([]);
    },
  );

  it('two requests running the same import at once take turns: each row once, both answer the same', { timeout: 300_000 }, async () => {
    const tag = randomUUID().slice(0, 6);
    const csv = encodeCsv([
      ['Name', 'Email', 'Phone'],
      ...Array.from({ length: 800 }, (_, i) => [`Twin ${lettersOf(tag)}`, `twin-${tag}-${i}@example.com`, String(5_000_000_000 + i)]),
    ]);
    const importId = randomUUID();
    const before = await leadCount();
    const [a, b] = await Promise.all([post(janeClient, csv, { importId }), post(janeClient, csv, { importId })]);
    expect(a.status, a.text).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ imported: 800, duplicates: 0 });
    await settleAll();
    expect(await leadCount()).toBe(before + 800);
    // The same id for another file: refused.
    expect((await post(janeClient, `${csv}Other Person,other-${tag}@example.com,2065550000\r\n`, { importId })).body).toEqual({
      message: 'This import id belongs to another import; start a new one',
    });
  });

  it(
    'merge: a duplicate fills the lead’s empty phone and adds its tags; create: a phone-only duplicate becomes a new lead; the mapping names the columns',
    { timeout: 120_000 },
    async () => {
      const { server } = app;
      const email = `m-${randomUUID().slice(0, 6)}@example.com`;
      const added = await janeClient.post('/api/dashboard/leads', { FullName: 'Mer Ge', Email: email, Phone: '2068880001', Tags: 'Old' });
      await settle(server);
      const mapping = JSON.stringify({ Who: 'FullName', Mail: 'Email', Tel: 'Phone', Labels: 'Tags', Ignore: null });
      const csv = encodeCsv([
        ['Who', 'Mail', 'Tel', 'Labels', 'Ignore'],
        ['Mer Ge', email.toUpperCase(), '2068880001', 'New;old', 'x'],
        ['Someone Else', `x-${email}`, '206-888-0001', '', 'y'],
      ]);
      const merged = await post(janeClient, csv, { mapping, duplicates: 'merge' });
      expect(merged.body).toMatchObject({ imported: 0, duplicates: 2, merged: 2, rejected: 0 });
      await settle(server);
      expect((await janeClient.get(`/api/dashboard/leads/${added.body.leadId}`)).body.lead.tags).toEqual(['Old', 'New']);

      const created = await post(janeClient, csv, { mapping, duplicates: 'create' });
      expect(created.body).toMatchObject({ imported: 1, duplicates: 1, merged: 0 });
      await settle(server);
      const report = await janeClient.get(`/api/dashboard/leads/import/${created.body.importId}/report.csv`);
      expect(report.text).toContain(`2,duplicate,Already a lead of your office,${added.body.leadId}`);
    },
  );

  it('imported leads are not pushed one by one (no lead.captured, so no web push each); a lead added by hand is', { timeout: 120_000 }, async () => {
    const { server } = app;
    const socket = await connectSocket(server, janeClient);
    try {
      const got = record(socket);
      const tag = randomUUID().slice(0, 6);
      const done = await post(
        janeClient,
        encodeCsv([['Name', 'Email', 'Phone'], ...Array.from({ length: 5 }, (_, i) => [`Qu Iet`, `q-${tag}-${i}@example.com`, String(6_000_000_000 + i)])]),
      );
      expect(done.body.imported).toBe(5);
      const added = await janeClient.post('/api/dashboard/leads', { FullName: 'Lou Der', Email: `l-${tag}@example.com`, Phone: '2065550777' });
      await settle(server);
      await until(() => got.get('lead.captured')?.find((p) => p.leadId === added.body.leadId));
      expect(got.get('lead.captured')).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it(
    'refuses what cannot be imported with clear messages: no file, no rows, an unclosed quote, not UTF-8 text, a mapping without Email, over 50,000 rows, over 10 MB',
    { timeout: 120_000 },
    async () => {
      const { server } = app;
      // The broker, whose import limit Jane's imports above have not used.
      const c = await signIn(server, demoUser('broker').email, 'demo.localhost');
      const no = await c.request('POST', '/api/dashboard/leads/import', { raw: { body: '--x--\r\n', contentType: 'multipart/form-data; boundary=x' } });
      expect(no.body).toEqual({ message: 'Choose a CSV file to import' });
      expect((await post(c, 'Name,Email,Phone\r\n')).body).toEqual({ message: 'The file has no rows below its header row' });
      expect((await post(c, 'Name,Email,Phone\r\nA B,"a@example.com,2065550100\r\n')).body).toEqual({ message: 'Row 2: a quoted field is never closed' });
      expect((await post(c, Buffer.from([0x4e, 0x61, 0xff, 0xfe, 0x0a, 0x41]))).body).toEqual({ message: 'The file is not a CSV text file (UTF-8)' });
      expect((await post(c, 'Name,Where,Phone\r\nA B,a@example.com,2065550100\r\n')).body).toEqual({ message: 'Map a column to Email' });
      expect((await post(c, 'Name,Email,Phone\r\nA B,a@example.com,2065550100\r\n', { mapping: '{' })).body).toEqual({
        message: 'The mapping is not valid JSON',
      });
      expect((await post(c, 'Name,Email,Phone\r\nA B,a@example.com,2065550100\r\n', { duplicates: 'ignore' })).body).toEqual({
        message: 'duplicates must be one of: skip, merge, create',
      });
      const many = `Name,Email,Phone\r\n${'A B,a@example.com,2065550100\r\n'.repeat(50_001)}`;
      expect((await post(c, many)).body).toEqual({ message: 'The file has more than 50,000 rows. Split it into smaller files and import each.' });
      const big = await post(c, `Name,Email,Phone\r\n${'x'.repeat(10 * 1024 * 1024)}`);
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ message: 'The file is larger than 10 MB. Split it into smaller files and import each.' });
    },
  );

  it(
    'scoping and limits: the import and its report are its importer’s (another agent 404, a lead 403, signed out 401); 20 imports an hour, then 429',
    { timeout: 120_000 },
    async () => {
      const { server } = app;
      const tag = randomUUID().slice(0, 6);
      const done = await post(
        janeClient,
        encodeCsv([
          ['Name', 'Email', 'Phone'],
          ['Sco Pe', `s-${tag}@example.com`, '2069990000'],
        ]),
      );
      const id = done.body.importId as string;
      await settle(server);
      const a = await signIn(server, alex.email);
      expect((await a.get(`/api/dashboard/leads/import/${id}`)).status).toBe(404);
      expect((await a.get(`/api/dashboard/leads/import/${id}/report.csv`)).status).toBe(404);
      expect((await (await signIn(server, 'lead@demo.test')).get(`/api/dashboard/leads/import/${id}`)).status).toBe(403);
      expect((await WebClient.for(server.url, 'localhost').get(`/api/dashboard/leads/import/${id}`)).status).toBe(401);
      expect((await (await signIn(server, 'staff@porchlight.test')).get(`/api/dashboard/leads/import/${id}`)).status).toBe(200);
      expect((await post(WebClient.for(server.url, 'localhost'), 'x')).status).toBe(401);

      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await post(a, 'Name,Email,Phone\r\n')).status);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect((await post(a, 'Name,Email,Phone\r\n')).body).toEqual({ message: 'Too many imports in an hour. Please try again later.' });
    },
  );
});
