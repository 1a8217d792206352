import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { ServerAnswer, ServerRequest } from './server.process';

/** A whole server in a process of its own (server.process.ts), and the bench's handle on it. */
export type ServerProcess = {
  readonly url: string;
  readonly startSeconds: number;
  /** The server process's CPU (user + system) since it started, in ms. */
  cpuMs(): Promise<number>;
  /** Its RSS, JS heap (used and held) and typed arrays after collecting garbage, and its peak RSS, in bytes. */
  memory(): Promise<{ rss: number; heapUsed: number; heapTotal: number; arrayBuffers: number; peakRss: number }>;
  /** Runs `fn` with the server under V8's sampling profiler; answers where its samples fell. */
  profiled<T>(fn: () => Promise<T>): Promise<{ result: T; summary: string }>;
  stop(): Promise<void>;
};

/** Starts the server with these configuration variables and waits until every read model has caught up. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(path.join(__dirname, 'server.process.js'), [JSON.stringify(env)], {
    execArgv: ['--expose-gc'],
    // Its log (production's format and level unless env says otherwise) goes to /dev/null, as logAsProduction does in-process.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // Answers by id; the process's exit fails whatever is still waited for.
  const waiting = new Map<number, { resolve: (answer: ServerAnswer) => void; reject: (err: Error) => void }>();
  child.on('message', (answer: ServerAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
  });
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the bench's server process exited with ${code}`));
    waiting.clear();
  });
  let next = 1;
  const answer = <A extends ServerAnswer>(id: number) => new Promise<A>((resolve, reject) => waiting.set(id, { resolve: (a) => resolve(a as A), reject }));
  const ask = <A extends ServerAnswer>(request: ServerRequest['ask']): Promise<A> => {
    const id = next++;
    const answered = answer<A>(id);
    child.send({ id, ask: request } satisfies ServerRequest);
    return answered;
  };
  let first: { url: string; startSeconds: number };
  try {
    first = await answer<{ id: 0; url: string; startSeconds: number }>(0);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return {
    url: first.url,
    startSeconds: first.startSeconds,
    cpuMs: async () => (await ask<{ id: number; cpuMs: number }>('cpu')).cpuMs,
    memory: () => ask<{ id: number; rss: number; heapUsed: number; heapTotal: number; arrayBuffers: number; peakRss: number }>('memory'),
    profiled: async (fn) => {
      await ask('profile-start');
      try {
        const result = await fn();
        const { summary } = await ask<{ id: number; summary: string }>('profile-stop');
        return { result, summary };
      } catch (err) {
        await ask('profile-stop');
        throw err;
      }
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
