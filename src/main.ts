import 'reflect-metadata';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { OpenApiController } from './http/openapi/openapi.controller';
import { projectionsFor, replayedLast } from './app/projections';
import { wantSearchAdapterIndexes } from './app/search-adapter';
import { createRuntime } from './app/runtime';
import type { Runtime } from './runtime/runtime';
import { type Config, ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config/config';
import { startWarnings } from './config/start-warnings';
import { seedDemo } from './demo/seed-demo';
import { loadDemoListings } from './demo/seed-listings';
import { seedDemoSchools } from './demo/demo-schools';
import { DEMO_USERS } from './demo/demo-accounts';
import { firstTouchMiddleware } from './modules/leads';
import { INBOUND_EMAIL_PATH, SMS_INBOUND_PATH } from './modules/conversation';
import { FACEBOOK_INBOUND_PATH } from './modules/facebook-leads';
import { SMS_STATUS_PATH } from './modules/messaging';
import { leanSearchRoutes, SearchListingsController } from './modules/listings';
import { AddressLimiter } from './modules/accounts';
import { hasAnyAccount, issueSetupToken, setupPage } from './modules/setup';
import { pageRenderer, PublicPages, seoFiles } from './modules/public-pages';
import { bodyParsers } from './http/body-parsers';
import { refuseMalformedUrls } from './http/malformed-url';
import { httpsSite } from './http/https-site';
import { securityHeaders } from './http/security-headers';
import { serveWebApp } from './http/web-app';
import { compressAnswers } from './http/compress-answers';
import { nestLogger } from './http/nest-logger';
import { reenterRequestContext, requestLog } from './http/request-log';
import { Metrics } from './metrics/metrics';
import { metricsEndpoint } from './metrics/metrics-endpoint';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { logger, setLogFormat, setLogLevel } from './shared/logger';
import { projectRoot } from './shared/paths';

const log = logger('main');

/** setupUrl: a production start before any account exists, the one-time first-run link (a secret for the operator). */
export type Started = { app: NestExpressApplication; runtime: Runtime; url: string; setupUrl: string | null; stop(): Promise<void> };

/** Builds and starts the whole product in this process; used by main and by tests. */
export async function startServer(config: Config, opts: { fsync?: boolean } = {}): Promise<Started> {
  setLogLevel(config.logLevel);
  setLogFormat(config.logFormat);
  for (const warning of startWarnings(config)) log.warn(warning);
  const runtime = await createRuntime(config, { ...opts, projections: projectionsFor(config), replayLast: replayedLast(config) });
  // Before the read models create their tables and the app serves: this instance's searches read the PostgreSQL adapter's indexes.
  if (config.searchIndex !== 'memory') await wantSearchAdapterIndexes(runtime.db.pool);
  // Bulk replays over a long log run while the app is built (the in-memory index folds the log meanwhile); nothing is applied live before start().
  runtime.runner.warmUp();
  const metrics = new Metrics();
  // Before anything can append: the store object is the one every module is given.
  metrics.countAppends(runtime.store);
  const building = performance.now();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(runtime), {
    logger: nestLogger(config.logLevel === 'debug'),
    // Registered below (bodyParsers): the webhooks read their own bodies.
    bodyParser: false,
  });
  // The in-memory search index folds the whole log in here: on a first start, most of the wait before the port opens.
  log.info('app built', { seconds: Math.round(performance.now() - building) / 1000 });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No hash of every JSON answer for an ETag: API answers are fresh reads (the web app's files
  // keep their own validators from the static file server).
  app.set('etag', false);
  // First of all: every answer carries its X-Request-Id and is logged and measured once.
  app.use(requestLog(metrics));
  // Next, so that every answer (pages, files, API, errors, a refused body) carries them and
  // every cookie set later is Secure.
  app.use(httpsSite(config));
  app.use(securityHeaders(config));
  app.use(compressAnswers());
  app.use(refuseMalformedUrls); // NUL or invalid UTF-8 in a path or query: 400 before any route or the web app
  app.use(bodyParsers([INBOUND_EMAIL_PATH, SMS_INBOUND_PATH, SMS_STATUS_PATH, FACEBOOK_INBOUND_PATH]));
  // The body parsers' callbacks leave the request's context: enter it again after them.
  app.use(reenterRequestContext);
  app.use(metricsEndpoint(metrics, { pool: runtime.db.pool, sockets: () => app.get(RealtimeGateway).server?.of('/').sockets.size ?? 0 }, config));
  // Before the web app, so that the first page load fixes where the visitor came from.
  app.use(firstTouchMiddleware(config.trustProxy));
  // The search page's reads, past every middleware above but not Nest's router (see the file).
  app.use(leanSearchRoutes(app.get(SearchListingsController), config.trustProxy));
  // Before the web app's files and pages, which would answer them with index.html.
  const pages = app.get(PublicPages);
  app.use(seoFiles(pages, app.get(AddressLimiter), runtime.db.pool, config));
  // Public pages are server-rendered for every client (search engines, link previews); a listing
  // answers 404 for what no visitor may see and 410 when the feed removed it.
  app.use(setupPage(runtime.store, path.join(projectRoot, 'web', 'dist')));
  serveWebApp(app, path.join(projectRoot, 'web', 'dist'), pageRenderer(pages, config));
  // Command handlers register on bootstrap; the seed needs them before the port opens.
  await app.init();
  app.get(OpenApiController).documents(app);

  if (config.demoSeed) {
    const seeded = await seedDemo(runtime.store, app.get(CommandBus), config.demoPassword);
    if (seeded) {
      // Neither the accounts' addresses nor their password go to the log (contract sections 1 and 11): the README lists them.
      log.info(`demo data loaded: ${DEMO_USERS.length} demo accounts, listed in the README, with the password DEMO_PASSWORD gives`);
    }
  }
  runtime.runner.start();
  // After the runner starts, so that search indexes the listings while they are imported.
  if (config.demoSeed) await loadDemoListings(runtime.store, runtime.runner);
  if (config.demoSeed) await seedDemoSchools(runtime.store);
  // Before the port opens, so that the link works as soon as it is printed.
  const setupUrl =
    config.env === 'production' && !(await hasAnyAccount(runtime.store)) ? `${config.publicUrl}/setup#${await issueSetupToken(runtime.store)}` : null;
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  return {
    app,
    runtime,
    url,
    setupUrl,
    stop: async () => {
      await app.close();
      await runtime.close();
    },
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const started = await startServer(config);
  const bound = started.app.getHttpServer().address();
  const on = typeof bound === 'object' && bound ? `${bound.address}:${bound.port}` : String(bound);
  // Where it listens says who can reach it: 127.0.0.1 (the default) is this machine only.
  log.info(`Porchlight is up at ${started.url} (listening on ${on}; health: ${started.url}/health)`);
  // The only place the link is ever written: it opens the first run to whoever holds it.
  if (started.setupUrl)
    log.info(
      `First run: no account exists yet. Open this one-time link to create the first staff account and brokerage: ${started.setupUrl} (or run \`npm run setup\`)`,
    );
  if (config.demoSeed)
    log.info(
      `demo accounts: see the README; their password is ${config.demoPassword === DEFAULT_DEMO_PASSWORD ? "the README's default" : 'the one set in DEMO_PASSWORD'}`,
    );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`stopping (${signal})`);
    await started.stop().catch((e: Error) => log.error('shutdown failed', { message: e.message }));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`Porchlight could not start: ${err.message}\n`);
    process.exit(1);
  });
}
