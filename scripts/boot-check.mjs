// Boots the built server with a given Node binary (default: the one running this script) on a
// fresh data folder with the demo data, waits until /health answers 200 with every projection
// live, signs in as the demo agent, then stops it with SIGTERM and checks that it ends by it. CI runs
// it on Node 24 (and 22): `node scripts/boot-check.mjs /path/to/node`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeBin = process.argv[2] ?? process.execPath;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-boot-'));
const deadline = Date.now() + 300_000;
const fail = (message) => {
  process.stderr.write(`boot check failed: ${message}\n`);
  process.exitCode = 1;
};

const server = spawn(nodeBin, [path.join(root, 'dist', 'src', 'main.js')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));
server.stderr.on('data', (d) => (output += d));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

async function main() {
  const version = await new Promise((resolve) => {
    const v = spawn(nodeBin, ['--version']);
    let s = '';
    v.stdout.on('data', (d) => (s += d));
    v.on('exit', () => resolve(s.trim()));
  });
  // The start logs its address once it listens ("Porchlight is up at http://localhost:PORT").
  let url;
  while (!url) {
    if (Date.now() > deadline) throw new Error('no "Porchlight is up" line within 300 s');
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    url = /Porchlight is up at (http:\/\/[^\s]+)/.exec(output)?.[1];
    if (!url) await new Promise((r) => setTimeout(r, 250));
  }
  for (;;) {
    if (Date.now() > deadline) throw new Error('/health did not show every projection live within 300 s');
    const health = await fetch(`${url}/health`).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    );
    if (health?.projections?.length && health.projections.every((p) => p.lag === 0)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ Email: 'agent@demo.test', password: process.env.DEMO_PASSWORD ?? 'porchlight-demo' }),
  });
  const signedIn = login.ok ? await login.json() : undefined;
  if (!signedIn?.isSuccess) throw new Error(`demo sign-in answered ${login.status} ${JSON.stringify(signedIn)}`);
  server.kill('SIGTERM');
  const { code, signal } = await exited;
  // 0 from the server's own shutdown, or the conventional 143 / SIGTERM when the embedded
  // PostgreSQL's exit hook ends the process by the signal after stopping the database.
  if (code !== 0 && code !== 143 && signal !== 'SIGTERM') throw new Error(`the server exited with ${code ?? signal} after SIGTERM`);
  process.stdout.write(`boot check passed on Node ${version}: ${url} served the demo and stopped cleanly\n`);
}

main()
  .catch((err) => {
    fail(err.message);
    process.stderr.write(output.split('\n').slice(-40).join('\n') + '\n');
    server.kill('SIGKILL');
  })
  .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
