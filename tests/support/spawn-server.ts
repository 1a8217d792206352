import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export type ServerProcess = {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** Signals the whole process group (npm, node and the PostgreSQL it started). */
  kill(signal: NodeJS.Signals): Promise<void>;
};

/** Runs `npm start` as an operator would, in its own process group, and waits for /health. */
export async function spawnServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = env.PORT ?? String(20_000 + Math.floor(Math.random() * 20_000));
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: port },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    output: () => out,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        return;
      }
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill('SIGKILL');
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${out}`);
}
