import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { projectRoot } from '../../src/shared/paths';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { WebClient } from '../support/web-client';

const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'setup.cli.js');
const PASSWORD = 'first-run-staff-password';
type Ran = { code: number; stdout: string; stderr: string };

/** `npm run setup` with the password on stdin. */
function setup(databaseUrl: string, args: string[], stdin = `${PASSWORD}\n`): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      'node',
      [cli, ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production' } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}

const BROKERAGE = { name: 'Acme Realty', brokerEmail: 'blair@acme.test', brokerName: 'Blair Broker', subdomain: 'acme', domain: null };
/** The product's own address: the host the default site answers on. */
const visitor = (server: Started) => WebClient.for(server.url, 'localhost');
const production = (db: TestDatabase) => startServer(testConfig(db.url, { NODE_ENV: 'production', LOG_LEVEL: 'error' }));

async function signsIn(server: Started, email: string, password = PASSWORD): Promise<boolean> {
  const res = await visitor(server).post('/api/account/login', { Email: email, password });
  return res.body?.isSuccess === true;
}

describe('first run: a production start before any account offers a one-time setup link; npm run setup does the same', () => {
  let db: TestDatabase | undefined;
  let server: Started | undefined;
  afterEach(async () => {
    await server?.stop();
    await db?.drop();
    server = undefined;
    db = undefined;
  });

  it('an empty production start: the site is "not set up yet", and a setup link opens the page once; then the page and the link answer 404 and the staff account signs in', async () => {
    db = await createTestDatabase({ migrate: false });
    server = await production(db);
    const web = visitor(server);
    expect(await web.get('/api/site')).toMatchObject({ status: 503, body: { message: 'This site is not set up yet' } });

    // The way forward: the link, its token in the fragment (never in a request line, so never in a log).
    expect(server.setupUrl).toMatch(/^http:\/\/localhost:\d+\/setup#[A-Za-z0-9_-]{43}$/);
    const token = server.setupUrl!.split('#')[1]!;
    const page = await web.get('/setup', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');

    expect(await web.post('/api/setup/check', { token: 'x'.repeat(43) })).toMatchObject({
      status: 404,
      body: { message: 'This setup link is not valid any more' },
    });
    expect((await web.post('/api/setup/check', { token })).status).toBe(204);
    const input = { token, email: 'sam@acme.test', name: 'Sam Staff', password: PASSWORD, brokerage: BROKERAGE };
    expect(await web.post('/api/setup', { ...input, password: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'Please choose a password of 8 to 200 characters' },
    });
    expect(await web.post('/api/setup', { ...input, brokerage: { ...BROKERAGE, subdomain: 'Not a subdomain!' } })).toMatchObject({
      status: 400,
      body: { message: 'A subdomain is 1 to 63 lower-case letters, digits or dashes' },
    });
    expect(await web.post('/api/setup', { ...input, token: 'wrong' })).toMatchObject({ status: 404 });

    expect(await web.post('/api/setup', input)).toMatchObject({
      status: 201,
      body: { signInUrl: '/account/login/admin', siteUrl: expect.stringMatching(/^http:\/\/localhost:/) },
    });
    expect(await web.get('/api/site')).toMatchObject({ status: 200, body: expect.objectContaining({}) });
    expect(JSON.stringify((await web.get('/api/site')).body)).toContain('Acme Realty');

    // Spent: the page is gone, the link opens nothing, a second setup is refused.
    expect((await web.get('/setup', { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await web.post('/api/setup/check', { token })).status).toBe(404);
    expect((await web.post('/api/setup', { ...input, email: 'eve@acme.test' })).status).toBe(404);
    expect(await signsIn(server, 'sam@acme.test')).toBe(true);
    const me = WebClient.for(server.url, 'localhost');
    await me.post('/api/account/login', { Email: 'sam@acme.test', password: PASSWORD });
    expect((await me.get('/api/account/me')).body).toMatchObject({ securityLevel: 25 });

    // The token is stored only as its hash.
    const clear = await db.pool.query(`SELECT 1 FROM events WHERE data::text LIKE $1`, [`%${token}%`]);
    expect(clear.rowCount).toBe(0);

    // A later start of the same database prints no link.
    await server.stop();
    server = await production(db);
    expect(server.setupUrl).toBeNull();
    expect((await visitor(server).get('/setup', { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('npm run setup without the server: the staff account, the broker and the default site; a second run is refused; the server then starts set up', async () => {
    db = await createTestDatabase({ migrate: true });
    const brokerage = ['--brokerage', 'Acme Realty', '--broker-email', 'blair@acme.test', '--broker-name', 'Blair Broker', '--site', 'acme'];
    expect(await setup(db.url, ['--email', 'sam@acme.test', '--name', 'Sam Staff', '--password-from-stdin', ...brokerage], 'short\n')).toMatchObject({
      code: 1,
      stderr: 'Please choose a password of 8 to 200 characters\n',
    });
    expect(await setup(db.url, ['--email', 'sam@acme.test', '--name', 'Sam Staff', '--password-from-stdin', '--brokerage', 'Acme Realty'])).toMatchObject({
      code: 2,
    });

    const done = await setup(db.url, ['--email', 'sam@acme.test', '--name', 'Sam Staff', '--password-from-stdin', ...brokerage]);
    expect(done).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Set up: staff account sam@acme\.test; brokerage Acme Realty \(broker blair@acme\.test\)/),
    });
    expect(done.stdout + done.stderr).not.toContain(PASSWORD);
    expect(await setup(db.url, ['--email', 'eve@acme.test', '--name', 'Eve Other', '--password-from-stdin'])).toMatchObject({
      code: 1,
      stderr: 'This product is already set up: sign in with a staff account\n',
    });

    server = await production(db);
    expect(server.setupUrl).toBeNull();
    // The read models are built from the events the command appended while the server was down.
    await server.runtime.runner.waitForCatchUp();
    expect(JSON.stringify((await visitor(server).get('/api/site')).body)).toContain('Acme Realty');
    expect(await signsIn(server, 'sam@acme.test')).toBe(true);
    expect(await signsIn(server, 'eve@acme.test')).toBe(false);
  });
});
