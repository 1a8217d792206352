import type pg from 'pg';

/**
 * What a benchmark module gives the runner (tests/bench/run-benchmarks.ts). To add one, write
 * `<area>.bench.ts` exporting a Benchmark and list it in benchmarks.ts; its results join the
 * same table.
 */
export type Benchmark = {
  /** Short, kebab-case; `--only` matches it (or one of its results' keys). */
  readonly name: string;
  readonly description: string;
  run(ctx: BenchContext): Promise<void>;
};

export type BenchContext = {
  /** Smaller sizes for a quick look (`--quick`); goals still apply to rates. */
  readonly quick: boolean;
  /** True when this result key was asked for (always true without --only). */
  wants(key: string): boolean;
  /** A fresh, migrated database on the benchmark server; dropped when the run ends. */
  createDatabase(opts?: { poolSize?: number }): Promise<BenchDatabase>;
  /** Adds a row to the table. */
  record(result: BenchResult): void;
  /** Progress for the person waiting (stderr). */
  progress(message: string): void;
  /**
   * Runs `fn` and answers its wall time and the CPU it cost: this process's, and the database
   * server's when the runner started it. On a shared machine the rate moves with the
   * neighbours' load; CPU per unit of work mostly does not.
   */
  measure(fn: () => Promise<void>): Promise<Measured>;
};

export type Measured = {
  readonly seconds: number;
  readonly clientCpuMs: number;
  /** Undefined when the server is not ours to watch (--database-url, or not Linux). */
  readonly serverCpuMs: number | undefined;
};

/** "server 290 µs, bench 90 µs CPU per event" */
export function cpuPer(m: Measured, count: number, unit: string): string {
  const us = (ms: number) => `${Math.round((ms * 1000) / count)} µs`;
  return `${m.serverCpuMs === undefined ? '' : `server ${us(m.serverCpuMs)}, `}bench ${us(m.clientCpuMs)} CPU/${unit}`;
}

export type BenchDatabase = { readonly url: string; readonly pool: pg.Pool; close(): Promise<void> };

export type BenchResult = {
  /** Stable key, e.g. 'append-32-single'; `--only` matches it. */
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  /** The goal, if there is one; higher is better unless lowerIsBetter. */
  readonly goal?: number;
  readonly lowerIsBetter?: boolean;
  /** Sizes, settings: whatever someone reading the figure needs to trust it. */
  readonly detail?: string;
};

/** Runs `fn` and answers how long it took, in seconds. */
export async function timed(fn: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Runs `workers` copies of `work` at once, each told its index. */
export async function inParallel(workers: number, work: (index: number) => Promise<void>): Promise<void> {
  await Promise.all(Array.from({ length: workers }, (_, i) => work(i)));
}
