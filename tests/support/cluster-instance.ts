import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../../src/shared/paths';

export type Instance = {
  readonly name: string;
  readonly port: number;
  readonly child: ChildProcess;
  output(): string;
  /** SIGKILL: the process dies at once, its connections (and so its advisory locks) with it. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * One instance of the built server (`node dist/src/main.js`, as `npm start` runs it) on a shared
 * database. Its PostgreSQL sessions carry its name as application_name (PGAPPNAME), so the
 * harness can see in pg_locks which instance holds which projection's lock.
 */
export async function startInstance(name: string, env: Record<string, string>, timeoutMs = 90_000, nodeArgs: readonly string[] = []): Promise<Instance> {
  // A port the system just gave out can still be taken by another process before the server
  // listens on it (the machine is shared): then it starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), name, env, timeoutMs, nodeArgs);
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

/** A port free a moment ago (another process may still take it first). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startOn(port: number, name: string, env: Record<string, string>, timeoutMs: number, nodeArgs: readonly string[]): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs, path.join(projectRoot, 'dist/src/main.js')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: '0', ...env, PORT: String(port), PGAPPNAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (s: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(s);
    // A graceful stop gets 10 s; then it is killed.
    const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
  };
  const instance: Instance = { name, port, child, output: () => out, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return instance;
    await new Promise((r) => setTimeout(r, 200));
  }
  await instance.kill();
  throw new Error(`${name} did not become healthy within ${timeoutMs} ms:\n${out}`);
}
