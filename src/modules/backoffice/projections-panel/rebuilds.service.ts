import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Runtime } from '../../../runtime/runtime';
import { RUNTIME } from '../../../runtime/tokens';
import { rebuildProjection, RebuildInProgressError, type RebuildProgress } from '../../../../projections/runner';
import type { RebuildView } from '../../../contract/backoffice';
import { conflict, notFound } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { RealtimeGateway } from '../../../realtime/realtime.gateway';

const log = logger('backoffice');

/** At most this many progress pushes a second per rebuild; phase changes always go out. */
const PUSHES_PER_SECOND = 5;

type Running = { readonly controller: AbortController; readonly startedBy: string; readonly startedAt: string; readonly done: Promise<unknown> };

export type { RebuildView };

/**
 * Rebuilds started from the back-office, in this process: the projection is replayed into fresh
 * tables while the live ones keep serving, then swapped in (projections/runner/rebuild.ts). Progress
 * goes to the `staff` room as `projection.progress`; a rebuild is cancelled through its
 * AbortSignal. A rebuild running in another process (the CLI) holds the same lock: 409 here.
 */
@Injectable()
export class Rebuilds implements OnModuleDestroy {
  private readonly running = new Map<string, Running>();
  private readonly last = new Map<string, RebuildView>();

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(RealtimeGateway) private readonly gateway: RealtimeGateway,
  ) {}

  names(): string[] {
    return this.runtime.projections.map((p) => p.name);
  }

  /** The latest progress of each projection rebuilt since this process started. */
  progress(name: string): RebuildView | null {
    return this.last.get(name) ?? null;
  }

  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  /** Resolves once the rebuild has really begun (it holds the lock and counted the events). */
  async start(name: string, staffId: string): Promise<RebuildView> {
    const projection = this.runtime.projections.find((p) => p.name === name);
    if (!projection) throw notFound('No such projection');
    if (this.running.has(name)) throw conflict(`A rebuild of ${name} is already running`);
    const controller = new AbortController();
    const startedAt = new Date().toISOString();
    let lastPush = 0;
    let lastPhase = '';
    let begun: (v: RebuildView) => void = () => undefined;
    const firstProgress = new Promise<RebuildView>((resolve) => (begun = resolve));
    const onProgress = (p: RebuildProgress) => {
      const view: RebuildView = { ...p, startedBy: staffId, startedAt };
      this.last.set(name, view);
      begun(view);
      const now = Date.now();
      if (p.phase !== lastPhase || p.applied >= p.total || now - lastPush >= 1000 / PUSHES_PER_SECOND) {
        lastPush = now;
        lastPhase = p.phase;
        this.gateway.emitTo(['staff'], 'projection.progress', {
          name: p.name,
          applied: p.applied,
          total: p.total,
          eventsPerSecond: p.eventsPerSecond,
          secondsLeft: p.secondsLeft,
          phase: p.phase,
        });
      }
    };
    const done = rebuildProjection({
      pool: this.runtime.db.pool,
      store: this.runtime.store,
      projection,
      batchSize: this.runtime.config.projections.batchSize,
      onProgress,
      signal: controller.signal,
    });
    this.running.set(name, { controller, startedBy: staffId, startedAt, done });
    const settled = done.then(
      () => undefined,
      (err: Error) => {
        if (!(err instanceof RebuildInProgressError)) log.warn('rebuild ended early', { projection: name, name: err.name, message: err.message });
        return err;
      },
    );
    void settled.finally(() => this.running.delete(name));
    const first = await Promise.race([firstProgress, settled]);
    if (first instanceof RebuildInProgressError) throw conflict(first.message);
    if (first instanceof Error) throw first;
    return first ?? this.last.get(name)!;
  }

  cancel(name: string): boolean {
    const r = this.running.get(name);
    if (!r) return false;
    r.controller.abort();
    return true;
  }

  /** Waits for a running rebuild to settle (tests, shutdown). */
  async settled(name: string): Promise<void> {
    await this.running.get(name)?.done.catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    for (const r of this.running.values()) r.controller.abort();
    await Promise.all([...this.running.values()].map((r) => r.done.catch(() => undefined)));
  }
}
