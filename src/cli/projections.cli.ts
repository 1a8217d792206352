import { projectionStatus, rebuildProjection } from '../../projections/runner';
import { projectionsFor } from '../app/projections';
import { loadConfig } from '../config/config';
import { openDatabase } from '../database/database';
import { protectedStore } from '../app/protected-store';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { setLogFormat, setLogLevel } from '../shared/logger';
import { progressBar } from './progress-bar';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run projections -- status            each projection's position, lag and version
  npm run projections -- rebuild NAME      replay the log into fresh tables, then swap them in

Works whether or not the server is running, on the same database (DATABASE_URL or DATA_DIR).`;

/** Operator commands for the read side. Exit codes: 0 done, 1 failed, 2 usage. */
async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  // SEARCH_INDEX=meilisearch adds the Meilisearch documents (search_meili).
  const allProjections = projectionsFor(config);
  if (command === 'rebuild' && !allProjections.some((p) => p.name === name)) {
    process.stderr.write(`Unknown projection ${JSON.stringify(name ?? '')}. Known: ${allProjections.map((p) => p.name).join(', ')}\n`);
    return 2;
  }
  setLogLevel(config.logLevel === 'info' ? 'warn' : config.logLevel);
  setLogFormat(config.logFormat);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  // Rebuilt read models see personal fields as the server does: opened, or erased.
  const store = await protectedStore(new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url }), db.pool, {
    postgresLog: true,
  });
  try {
    if (command === 'status') {
      const rows = await projectionStatus(db.pool);
      const known = new Set(rows.map((r) => r.name));
      const table = rows.map((r) => ({ name: r.name, version: r.version, position: r.position, lag: r.lag, applied: r.eventsApplied, updated: r.updatedAt }));
      for (const p of allProjections)
        if (!known.has(p.name)) table.push({ name: p.name, version: p.version, position: '-', lag: NaN, applied: 0, updated: 'never run' });
      console.table(table);
      return 0;
    }
    const projection = allProjections.find((p) => p.name === name)!;
    const bar = progressBar(`rebuild ${projection.name}`);
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const started = Date.now();
    const { applied } = await rebuildProjection({
      pool: db.pool,
      store,
      projection,
      batchSize: config.projections.batchSize,
      signal: controller.signal,
      onProgress: (p) =>
        bar.update(p.applied, p.total, `${p.eventsPerSecond} ev/s${p.secondsLeft !== null ? `, ${Math.ceil(p.secondsLeft)} s left` : ''} ${p.phase}`),
    });
    bar.finish(`Rebuilt ${projection.name}: ${applied} events in ${((Date.now() - started) / 1000).toFixed(1)} s; the new tables are live.`);
    return 0;
  } finally {
    await store.close();
    await db.close();
  }
}

runCli(main);
