import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { projectionStatus } from '../../projections/runner';
import type { EventStore } from '../eventstore';
import { outboxCounts } from '../modules/messaging';

/** What the gauges read on each scrape. */
export type MetricSources = {
  readonly pool: pg.Pool;
  /** Sockets connected to this instance. */
  readonly sockets: () => number;
};

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This instance's Prometheus metrics, in a registry of its own (one per server, so that servers
 * started side by side in one process keep theirs apart). Counters and histograms are updated as
 * things happen; gauges of shared state (projections, outboxes) are read from the database on
 * each scrape, so every instance reports the same figures for them.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'porchlight_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status class (2xx, 4xx, ...)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly searchDuration = new Histogram({
    name: 'porchlight_search_duration_seconds',
    help: 'Visitor searches answered, by kind (list, map, split, autocomplete)',
    labelNames: ['kind'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'porchlight_events_appended_total',
    help: 'Events this instance appended to the event store',
    registers: [this.registry],
  });
  private readonly projectionPosition = new Gauge({
    name: 'porchlight_projection_position',
    help: 'Global position of the last event each projection has passed',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  private readonly projectionLag = new Gauge({
    name: 'porchlight_projection_lag_events',
    help: 'Committed events each projection has not passed yet',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  private readonly outboxPending = new Gauge({
    name: 'porchlight_outbox_pending_messages',
    help: 'Messages waiting to be sent, by outbox',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  private readonly outboxFailed = new Gauge({
    name: 'porchlight_outbox_failed_messages',
    help: 'Messages that could not be sent, by outbox',
    labelNames: ['outbox'] as const,
    registers: [this.registry],
  });
  private readonly sockets = new Gauge({
    name: 'porchlight_sockets_connected',
    help: 'Realtime sockets connected to this instance',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts the events appended through `store` (the instance the whole server shares). */
  countAppends(store: EventStore): void {
    const append = store.append.bind(store);
    const appendMany = store.appendMany.bind(store);
    store.append = async (streamId, expected, events) => {
      const result = await append(streamId, expected, events);
      this.eventsAppended.inc(events.length);
      return result;
    };
    store.appendMany = async (appends) => {
      const results = await appendMany(appends);
      this.eventsAppended.inc(appends.reduce((n, a) => n + a.events.length, 0));
      return results;
    };
  }

  /** The exposition text, gauges read fresh. */
  async scrape(sources: MetricSources): Promise<string> {
    const [projections, outboxes] = await Promise.all([projectionStatus(sources.pool), outboxCounts(sources.pool)]);
    this.projectionPosition.reset();
    this.projectionLag.reset();
    for (const p of projections) {
      this.projectionPosition.set({ projection: p.name }, Number(p.position));
      this.projectionLag.set({ projection: p.name }, p.lag);
    }
    this.outboxPending.reset();
    this.outboxFailed.reset();
    for (const o of outboxes) {
      this.outboxPending.set({ outbox: o.name }, o.pending);
      this.outboxFailed.set({ outbox: o.name }, o.failed);
    }
    this.sockets.set(sources.sockets());
    return this.registry.metrics();
  }
}
