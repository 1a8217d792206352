import path from 'node:path';
import { fork } from 'node:child_process';
import type { LoadOrder, LoadResult } from './load-generator.process';

/** Runs the load generator (load-generator.process.ts) in a process of its own and answers its figures. */
export async function loadFrom(order: LoadOrder): Promise<LoadResult> {
  const child = fork(path.join(__dirname, 'load-generator.process.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (r) => resolve(r as LoadResult));
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
    child.send(order);
  });
}
