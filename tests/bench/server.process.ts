import fs from 'node:fs/promises';
import { loadConfig } from '../../src/config/config';
import { startServer } from '../../src/main';
import { profiled } from './cpu-profile';

/** What the bench asks of a server running in this process, over IPC. */
export type ServerRequest = { id: number; ask: 'cpu' | 'memory' | 'profile-start' | 'profile-stop' };
/** What it answers once started, and to each request (`id` echoed). */
export type ServerAnswer =
  | { id: 0; url: string; startSeconds: number }
  | { id: number; cpuMs: number }
  | { id: number; rss: number; heapUsed: number; heapTotal: number; arrayBuffers: number; peakRss: number }
  | { id: number; summary: string };

/**
 * One whole instance in a process of its own, as it runs in production (every module, every read
 * model live), with nothing of the bench's in its heap: the bench's generated records, its load
 * results and its garbage would otherwise be collected on the server's thread and counted in its
 * CPU. Argument: a JSON object of configuration variables (DATABASE_URL, SEARCH_INDEX, ...). Sends
 * {id: 0, url, startSeconds} once every read model has caught up, then answers the bench's
 * requests: its own CPU so far, its memory after collecting garbage, a CPU profile.
 */
const env = JSON.parse(process.argv[2]!) as Record<string, string>;

void (async () => {
  const started = performance.now();
  const server = await startServer(loadConfig({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_SEED: '0', ...env }));
  await server.runtime.runner.waitForCatchUp(3_600_000);
  const send = (answer: ServerAnswer) => process.send!(answer);
  let profile: { stop: () => void; done: Promise<string> } | undefined;
  process.on('message', (request: ServerRequest) => {
    void (async () => {
      if (request.ask === 'cpu') {
        const c = process.cpuUsage();
        send({ id: request.id, cpuMs: (c.user + c.system) / 1000 });
      } else if (request.ask === 'memory') {
        // What an instance holds once it has settled: garbage from loading the snapshot collected.
        for (let i = 0; i < 3; i++) {
          (globalThis as { gc?: () => void }).gc?.();
          await new Promise((r) => setTimeout(r, 200));
        }
        const m = process.memoryUsage();
        // The most the process held (VmHWM): the start's own peak, which a machine must have room for too.
        const peak = /VmHWM:\s+(\d+) kB/.exec(await fs.readFile('/proc/self/status', 'utf8').catch(() => ''));
        send({
          id: request.id,
          rss: m.rss,
          heapUsed: m.heapUsed,
          heapTotal: m.heapTotal,
          arrayBuffers: m.arrayBuffers,
          peakRss: peak ? Number(peak[1]) * 1024 : NaN,
        });
      } else if (request.ask === 'profile-start') {
        let stop!: () => void;
        const until = new Promise<void>((r) => (stop = r));
        profile = { stop, done: profiled(() => until).then(({ summary }) => summary) };
        send({ id: request.id, summary: '' });
      } else if (profile) {
        profile.stop();
        send({ id: request.id, summary: await profile.done });
        profile = undefined;
      }
    })();
  });
  process.on('SIGTERM', () => void server.stop().finally(() => process.exit(0)));
  send({ id: 0, url: server.url, startSeconds: (performance.now() - started) / 1000 });
})().catch((err: unknown) => {
  process.stderr.write(`bench server: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
