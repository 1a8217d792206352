import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseOn } from '../support/database-on-server';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { setLogLevel } from '../../src/shared/logger';
import type { BenchContext, BenchDatabase, BenchResult } from './bench';
import { benchmarks } from './benchmarks';

const USAGE = `Usage: npm run bench -- [--only NAME[,NAME...]] [--quick] [--strict] [--database-url URL]

  --only NAME       run only the benchmarks or results whose name contains NAME
                    (benchmarks: ${benchmarks.map((b) => b.name).join(', ')})
  --quick           smaller sizes, for a quick look
  --strict          exit with status 1 when a goal is missed
  --database-url    use this PostgreSQL server (its admin URL) instead of starting one`;

type Args = { only: string[]; quick: boolean; strict: boolean; databaseUrl: string | undefined };

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { only: [], quick: false, strict: false, databaseUrl: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new Error(`${flag} needs a value\n\n${USAGE}`);
      return v;
    };
    if (flag === '--only') args.only.push(...value().split(',').filter(Boolean));
    else if (flag === '--quick') args.quick = true;
    else if (flag === '--strict') args.strict = true;
    else if (flag === '--database-url') args.databaseUrl = value();
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(USAGE + '\n');
      process.exit(0);
    } else throw new Error(`Unknown argument ${a}\n\n${USAGE}`);
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  // Dropping each benchmark's database ends its idle connections; that is not news here.
  setLogLevel('error');
  const matches = (name: string) => args.only.length === 0 || args.only.some((o) => name.includes(o));
  const progress = (m: string) => process.stderr.write(`· ${m}\n`);
  // Other work on the machine moves the rates; the table says how busy it was.
  const loadAtStart = os.loadavg()[0]!.toFixed(1);

  let dir: string | undefined;
  let serverCpu: () => Promise<PostgresCpu | undefined> = async () => undefined;
  let adminUrl = args.databaseUrl;
  let stopServer = async () => undefined as void;
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-bench-'));
    progress(`starting PostgreSQL in ${dir} (fsync on)`);
    const server = await startEmbeddedPostgres(dir, { fsync: true }).catch(async (err: unknown) => {
      await fs.rm(dir!, { recursive: true, force: true });
      throw err;
    });
    adminUrl = server.url;
    stopServer = () => server.stop();
    const dataDir = path.join(dir, 'pg');
    serverCpu = () => postgresCpu(dataDir);
  }
  const cleanup = async () => {
    await stopServer().catch(() => undefined);
    if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: BenchResult[] = [];
  const failed: string[] = [];
  let server = '';
  const open: BenchDatabase[] = [];
  try {
    server = await describeServer(adminUrl, progress);
    for (const b of benchmarks) {
      const nameMatches = matches(b.name);
      const ctx: BenchContext = {
        quick: args.quick,
        wants: (key) => nameMatches || matches(key),
        createDatabase: async (opts) => {
          const db = await createDatabase(adminUrl!, opts?.poolSize ?? 16);
          open.push(db);
          return db;
        },
        record: (r) => {
          results.push(r);
          progress(`${r.key}: ${format(r.value)} ${r.unit}${r.detail ? ` (${r.detail})` : ''}`);
        },
        progress,
        measure: async (fn) => {
          const server0 = await serverCpu();
          const client0 = process.cpuUsage();
          const started = process.hrtime.bigint();
          await fn();
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const client = process.cpuUsage(client0);
          const server1 = await serverCpu();
          return {
            seconds,
            clientCpuMs: (client.user + client.system) / 1000,
            serverCpuMs: server0 === undefined || server1 === undefined ? undefined : cpuMsBetween(server0, server1),
          };
        },
      };
      // One benchmark that throws must not cost the figures of the others (a full run is long):
      // it is named in the table and the run exits with status 1.
      try {
        await b.run(ctx);
      } catch (err) {
        failed.push(b.name);
        process.stderr.write(`benchmark ${b.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      }
      await Promise.all(open.splice(0).map((db) => db.close().catch(() => undefined)));
    }
  } finally {
    await Promise.all(open.splice(0).map((db) => db.close().catch(() => undefined)));
    await cleanup();
  }

  if (results.length === 0 && failed.length === 0) {
    process.stderr.write(`Nothing matched --only ${args.only.join(',')}\n\n${USAGE}\n`);
    return 2;
  }
  const load = os.loadavg()[0]!.toFixed(1);
  process.stdout.write('\n' + table(results, args.quick, `${server}; load average ${loadAtStart} at start, ${load} at end`) + '\n');
  if (failed.length > 0) {
    process.stdout.write(`\nFAILED (no figures, see the errors above): ${failed.join(', ')}\n`);
    return 1;
  }
  const missed = results.filter((r) => status(r) === 'MISS');
  return args.strict && missed.length > 0 ? 1 : 0;
}

/** The settings that decide the figures, for the table's title. */
async function describeServer(adminUrl: string, progress: (m: string) => void): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'wal_sync_method') ORDER BY name`,
    );
    const get = (n: string) => rows.find((r) => r.name === n)?.setting ?? '?';
    progress(`PostgreSQL ${rows.map((r) => `${r.name}=${r.setting}`).join(' ')}`);
    return `PostgreSQL ${get('server_version')}, fsync ${get('fsync')}, synchronous_commit ${get('synchronous_commit')}`;
  } finally {
    await c.end();
  }
}

/** PostgreSQL's CPU at one moment (ticks of USER_HZ): each live process's own, and what the postmaster has reaped. */
type PostgresCpu = { readonly live: ReadonlyMap<number, number>; readonly reaped: number };

/**
 * CPU used by the server's processes (Linux /proc): the postmaster and its live children, each
 * apart, and the children it has already reaped (backends of closed connections).
 */
async function postgresCpu(dataDir: string): Promise<PostgresCpu | undefined> {
  try {
    const pid = Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const live = new Map<number, number>();
    let reaped = 0;
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name: state ppid ... utime(14) stime(15) cutime(16) cstime(17).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === pid) reaped = Number(f[13]) + Number(f[14]);
      if (Number(entry) === pid || Number(f[1]) === pid) live.set(Number(entry), Number(f[11]) + Number(f[12]));
    }
    return { live, reaped };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL's CPU between two moments, in ms. A backend reaped in between adds its whole life to
 * the postmaster's reaped CPU; what it had used before the first moment is taken off, or a pool
 * closing an idle connection would count that connection's past work (a catch-up's, an import's)
 * as the measured work's.
 */
function cpuMsBetween(from: PostgresCpu, to: PostgresCpu): number {
  let ticks = to.reaped - from.reaped;
  for (const [pid, t] of to.live) ticks += t - (from.live.get(pid) ?? 0);
  for (const [pid, t] of from.live) if (!to.live.has(pid)) ticks -= t;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  return ticks / ticksPerMs;
}

async function createDatabase(adminUrl: string, poolSize: number): Promise<BenchDatabase> {
  const db = await createDatabaseOn(adminUrl, { prefix: 'bench', poolSize });
  return { url: db.url, pool: db.pool, close: db.drop };
}

// Small figures keep a decimal: a 9.5 % error shown as "10 %" would read as missing a 10 % bar.
// Below 1 (the ratios), two: 0.47 shown as "0.5" read as its goal met on a row marked FAIL.
const format = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) < 1 ? 2 : Math.abs(n) < 100 ? 1 : 0 });

function status(r: BenchResult): 'PASS' | 'MISS' | '' {
  if (r.goal === undefined) return '';
  return (r.lowerIsBetter ? r.value <= r.goal : r.value >= r.goal) ? 'PASS' : 'MISS';
}

function table(results: readonly BenchResult[], quick: boolean, server: string): string {
  const rows = results.map((r) => [
    r.label,
    `${format(r.value)} ${r.unit}`,
    r.goal === undefined ? '' : `${r.lowerIsBetter ? '≤' : '≥'} ${format(r.goal)} ${r.unit}`,
    status(r),
    r.detail ?? '',
  ]);
  const head = ['benchmark', 'result', 'goal', '', 'detail'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const title = `Porchlight benchmarks${quick ? ' (--quick: smaller sizes)' : ''}: ${os.cpus().length} CPUs, ${server}`;
  return [title, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
