import { loadConfig } from '../../src/config/config';
import { startServer } from '../../src/main';

/**
 * One whole instance in a process of its own, for "memory per instance": the server as it runs
 * (every module, every projection live, the in-memory search index loaded from the snapshot the
 * search benchmark wrote), with nothing of the bench's in the heap. Argument: a JSON object
 * {databaseUrl, snapshotFile}. Sends {rss, heapUsed, arrayBuffers, startSeconds} (bytes) once
 * started and settled, then waits to be killed.
 */
const { databaseUrl, snapshotFile } = JSON.parse(process.argv[2]!) as { databaseUrl: string; snapshotFile: string };

void (async () => {
  const started = performance.now();
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO_SEED: '0',
      SEARCH_INDEX: 'memory',
      SEARCH_SNAPSHOT_FILE: snapshotFile,
    }),
  );
  const startSeconds = (performance.now() - started) / 1000;
  // What an instance holds once it has settled: garbage from loading the snapshot collected.
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = process.memoryUsage();
  process.send!({ rss: m.rss, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers, startSeconds });
  process.on('SIGTERM', () => void server.stop().finally(() => process.exit(0)));
})().catch((err: unknown) => {
  process.stderr.write(`instance-rss: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
