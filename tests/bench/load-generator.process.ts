import autocannon from 'autocannon';

/**
 * The HTTP benchmarks' load generator in a process of its own, so that its request building and
 * response parsing take neither the server's event loop nor its CPU figures. Takes one message
 * {url, connections, seconds, requests?} (too long for an argument); sends the figures back once
 * done, then exits.
 */
export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
export type LoadOrder = { url: string; connections: number; seconds: number; requests?: LoadRequest[] };
export type LoadResult = { average: number; total: number; p50: number; p99: number; failed: number; bytesPerAnswer: number };

process.once('message', (order: LoadOrder) => {
  void autocannon({ url: order.url, connections: order.connections, duration: order.seconds, requests: order.requests })
    .then((r) => {
      const result: LoadResult = {
        average: r.requests.average,
        total: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        failed: r.non2xx + r.errors + r.timeouts,
        // Headers and body, as they crossed the wire.
        bytesPerAnswer: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
      };
      process.send!(result, () => process.exit(0));
    })
    .catch((err: unknown) => {
      process.stderr.write(`load generator: ${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    });
});
