import { feedListingsProjection } from '../../projections/feed-listings';
import { feedsProjection, listFeeds } from '../../projections/feeds';
import { type Projection, ProjectionRunner, waitUntilCaughtUp } from '../../projections/runner';
import { systemContext } from '../commands/command-context';
import { loadConfig } from '../config/config';
import { openDatabase } from '../database/database';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { SecretKey } from '../modules/accounts';
import {
  configureFeed,
  FeedBusyError,
  FeedError,
  FeedInput,
  followFeedRun,
  type FeedProgress,
  FeedSecretError,
  FeedSecrets,
  feedOutbound,
  feedSummaryLine,
  parseInterval,
  removeFeed,
  runFeed,
  withRunLiveness,
  ZERO_COUNTS,
} from '../modules/feeds';
import { AppError } from '../shared/errors';
import { setLogFormat, setLogLevel } from '../shared/logger';
import { progressBar } from './progress-bar';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run feed -- add NAME --url SERVICE_ROOT [auth] [options]   add feed NAME, or change it (what is not given stays)
      auth:    --token-url URL --client-id ID --client-secret SECRET [--scope S]   OAuth2 client credentials
               --bearer TOKEN                                                     a static bearer token
      options: --resources Property,Media,OpenHouse,Member,Office  --timezone IANA  --interval 15m
               --page-size N  --filter ODATA  --paging auto|nextLink|skip  --disclaimer TEXT
  npm run feed -- sync NAME [--full]          one sync now (full the first time, incremental after)
  npm run feed -- reconcile NAME [--force]    remove the listings the feed's server no longer has
  npm run feed -- status                      each feed: last sync, counts, lag, last error
  npm run feed -- remove NAME                 stop the feed (its listings stay)

NAME is the pdid prefix (NAME-ListingKey): 1 to 32 letters, digits or underscores.
Works whether or not the server is running, on the same database (DATABASE_URL or DATA_DIR);
credentials are sealed with the server's secret (SECRET_KEY or DATA_DIR/secret-key).
sync and reconcile end with: fetched N, imported N, changed N, unchanged N, deleted N, rejected N
Exit codes: 0 done, 1 failed (server unreachable or answering wrong), 2 usage,
            3 credentials refused, 4 a sync of the feed kept running elsewhere.
A sync or reconcile that finds one of the same kind running elsewhere (the server, another
command) follows it with its progress; its last line and exit code are that run's outcome.`;

type Parsed = { command: string; name: string | undefined; flags: Map<string, string | true> };

const VALUE_FLAGS = new Set([
  'url',
  'token-url',
  'client-id',
  'client-secret',
  'scope',
  'bearer',
  'resources',
  'timezone',
  'interval',
  'page-size',
  'filter',
  'paging',
  'disclaimer',
]);
const BOOLEAN_FLAGS = new Set(['full', 'force', 'help']);

function parse(argv: readonly string[]): Parsed | string {
  const [command = '', ...rest] = argv;
  const flags = new Map<string, string | true>();
  let name: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a.startsWith('--')) {
      const flag = a.slice(2);
      if (BOOLEAN_FLAGS.has(flag)) flags.set(flag, true);
      else if (VALUE_FLAGS.has(flag)) {
        const v = rest[++i];
        if (v === undefined) return `--${flag} needs a value`;
        flags.set(flag, v);
      } else return `Unknown option ${a}`;
    } else if (name === undefined) name = a;
    else return `Unexpected argument ${a}`;
  }
  return { command, name, flags };
}

/** The add command's flags as the feed input the back-office form also gives. */
function feedInput(name: string, flags: Parsed['flags']): FeedInput | string {
  const get = (f: string) => (typeof flags.get(f) === 'string' ? (flags.get(f) as string) : undefined);
  const input: Record<string, unknown> = { name };
  if (get('url') !== undefined) input.url = get('url');
  const oauth = ['token-url', 'client-id', 'client-secret', 'scope'].some((f) => flags.has(f));
  if (oauth && flags.has('bearer')) return 'Give either OAuth2 (--token-url, --client-id, --client-secret) or --bearer, not both';
  if (oauth) {
    if (!get('token-url') || !get('client-id')) return 'OAuth2 needs --token-url and --client-id (and --client-secret the first time)';
    input.auth = { kind: 'oauth2', tokenUrl: get('token-url'), clientId: get('client-id'), clientSecret: get('client-secret'), scope: get('scope') };
  } else if (flags.has('bearer')) input.auth = { kind: 'bearer', token: get('bearer') };
  if (get('resources') !== undefined)
    input.resources = get('resources')!
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean);
  if (get('timezone') !== undefined) input.timeZone = get('timezone');
  if (get('interval') !== undefined) {
    const seconds = parseInterval(get('interval')!);
    if (seconds === null) return '--interval takes a duration such as 90s, 15m, 1h or 1d';
    input.pollIntervalSeconds = seconds;
  }
  if (get('page-size') !== undefined) input.pageSize = Number(get('page-size'));
  if (get('filter') !== undefined) input.filter = get('filter');
  if (get('paging') !== undefined) input.paging = get('paging');
  if (get('disclaimer') !== undefined) input.disclaimer = get('disclaimer');
  const result = FeedInput.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return issue.code === 'custom' || issue.message.startsWith('The ') ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
  }
  return result.data;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  const usage = (problem: string) => {
    process.stderr.write(`${problem ? `${problem}\n\n` : ''}${USAGE}\n`);
    return problem ? 2 : 0;
  };
  if (typeof parsed === 'string') return usage(parsed);
  const { command, name, flags } = parsed;
  if (flags.has('help') || command === 'help' || command === '') return usage(command === '' ? 'Give a command' : '');
  if (!['add', 'sync', 'reconcile', 'status', 'remove'].includes(command)) return usage(`Unknown command ${command}`);
  if (command !== 'status' && !name) return usage(`${command} needs a feed NAME`);
  let input: FeedInput | undefined;
  if (command === 'add') {
    const i = feedInput(name!, flags);
    if (typeof i === 'string') return usage(i);
    input = i;
  }

  const config = loadConfig();
  setLogLevel(config.logLevel === 'info' ? 'warn' : config.logLevel);
  setLogFormat(config.logFormat);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 6 });
  const store = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
  const secrets = new FeedSecrets(await new SecretKey(config).get());
  const outbound = feedOutbound(config);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  /** The read model brought up to date: by this command when the server is not running, else by the server. */
  const caughtUp = async (projection: Projection) => {
    const runner = new ProjectionRunner({
      pool: db.pool,
      databaseUrl: db.url,
      store,
      projections: [projection],
      batchSize: config.projections.batchSize,
      standbyRetryMs: 200,
    });
    runner.start();
    try {
      await waitUntilCaughtUp(db.pool, store, projection.name, 30 * 60_000);
    } finally {
      await runner.stop();
    }
  };
  try {
    switch (command) {
      case 'add': {
        const { settings, changed, created } = await configureFeed(store, secrets, input!, systemContext(), outbound);
        process.stdout.write(
          `Feed ${name} ${created ? 'added' : changed ? 'updated' : 'unchanged'}: ${settings.url}, auth ${settings.auth.kind}, ${settings.resources.join(',')}, ${settings.timeZone}, every ${settings.pollIntervalSeconds} s, pages of ${settings.pageSize}, paging ${settings.paging}${settings.filter ? `, filter ${settings.filter}` : ''}\n`,
        );
        return 0;
      }
      case 'remove':
        await removeFeed(store, name!, systemContext());
        process.stdout.write(`Feed ${name} removed; its listings stay.\n`);
        return 0;
      case 'status': {
        await caughtUp(feedsProjection);
        const feeds = await withRunLiveness(db.pool, store, await listFeeds(db.pool));
        if (feeds.length === 0) process.stdout.write('No feeds. Add one with: npm run feed -- add NAME --url SERVICE_ROOT ...\n');
        for (const f of feeds) {
          const lag = f.lagSeconds === null ? 'unknown' : `${f.lagSeconds} s`;
          process.stdout.write(
            [
              `${f.name}  ${f.url}`,
              `  last sync ${f.lastSyncAt ?? 'never'}${f.lastDurationMs !== null ? ` (${(f.lastDurationMs / 1000).toFixed(1)} s)` : ''}, last success ${f.lastSuccessAt ?? 'never'}, last reconcile ${f.lastReconcileAt ?? 'never'}`,
              `  ${feedSummaryLine(f.counts)}`,
              `  lag ${lag} (newest ModificationTimestamp ${f.newestModificationTimestamp ?? 'none'})`,
              ...(f.running ? [`  running: ${f.running.kind} since ${f.running.startedAt}, ${feedSummaryLine(f.running.counts)}`] : []),
              ...(f.interrupted ? [`  interrupted: ${f.interrupted.kind} since ${f.interrupted.startedAt}, ${feedSummaryLine(f.interrupted.counts)}`] : []),
              `  last error: ${f.lastError ?? 'none'}`,
              ...f.recordErrors.slice(0, 5).map((e) => `    record ${e.key ?? '(no key)'}: ${e.message}`),
              ...f.warnings.map((w) => `  warning: ${w}`),
            ].join('\n') + '\n',
          );
        }
        return 0;
      }
      case 'sync':
      case 'reconcile': {
        if (command === 'reconcile') await caughtUp(feedListingsProjection);
        const bar = progressBar(`${command} ${name}`);
        let last = ZERO_COUNTS;
        let shown = 0;
        const show = (p: FeedProgress) => {
          last = p.counts;
          const total = p.expectedTotal ?? p.counts.fetched;
          bar.update(
            p.counts.fetched,
            Math.max(total, p.counts.fetched),
            `imported ${p.counts.imported}, changed ${p.counts.changed}, deleted ${p.counts.deleted}, rejected ${p.counts.rejected}`,
          );
        };
        const client = { backoffMs: config.feeds.backoffMs, attempts: config.feeds.attempts };
        const deps = { store, pool: db.pool, databaseUrl: db.url, secrets, client, outbound };
        // A run of the feed elsewhere (the server's scheduler, another command) is followed to its
        // end and its outcome is this command's; when it is of the other kind, or its process died,
        // this command runs after it, from the checkpoint.
        for (let attempt = 1; ; attempt++) {
          try {
            const result = await runFeed(deps, name!, {
              kind: command,
              full: flags.has('full'),
              force: flags.has('force'),
              signal: controller.signal,
              onProgress: show,
              onRejected: (e) => {
                if (shown++ < 1000) process.stderr.write(`\nrecord ${e.key ?? '(no key)'} rejected: ${e.message}\n`);
              },
              onWait: (ms, why) => process.stderr.write(`\n${why}: waiting ${(ms / 1000).toFixed(1)} s\n`),
            });
            last = result.counts;
            for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
            bar.finish(`${command} ${name}: done in ${(result.durationMs / 1000).toFixed(1)} s`);
            process.stdout.write(`${feedSummaryLine(result.counts)}\n`);
            return 0;
          } catch (err) {
            if (!(err instanceof FeedError)) throw err;
            if (err instanceof FeedBusyError && attempt < 5) {
              const other = await followFeedRun(deps, name!, {
                signal: controller.signal,
                onFollow: (r) => process.stderr.write(`A ${r.kind} of feed ${name} is running elsewhere (started ${r.startedAt}); following it to its end.\n`),
                onProgress: show,
              });
              if (other === null || other.kind !== command) continue;
              last = other.counts;
              if (other.outcome === 'failed') {
                bar.finish(`${command} ${name} failed (in the run followed): ${other.message}`);
                process.stdout.write(`${feedSummaryLine(other.counts)}\n`);
                return 1;
              }
              for (const w of other.warnings) process.stderr.write(`warning: ${w}\n`);
              bar.finish(`${command} ${name}: done (by the run followed, started ${other.startedAt})`);
              process.stdout.write(`${feedSummaryLine(other.counts)}\n`);
              return 0;
            }
            bar.finish(`${command} ${name} failed: ${err.message}`);
            process.stdout.write(`${feedSummaryLine(last)}\n`);
            return err.exitCode;
          }
        }
      }
      default:
        return usage(`Unknown command ${command}`);
    }
  } catch (err) {
    if (err instanceof AppError || err instanceof FeedSecretError) {
      process.stderr.write(`${err.message}\n`);
      return err instanceof AppError && err.code === 'validation' ? 2 : 1;
    }
    throw err;
  } finally {
    await store.close();
    await db.close();
  }
}

runCli(main);
