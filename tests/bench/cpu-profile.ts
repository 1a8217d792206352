import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

type Node = { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } };

/**
 * Runs `fn` under V8's sampling profiler (this process: the server and the load generator alike)
 * and answers where the samples fell: by package or folder, then the busiest functions.
 */
export async function profiled<T>(fn: () => Promise<T>): Promise<{ result: T; summary: string }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  let result: T;
  let profile: { nodes: Node[] };
  try {
    result = await fn();
  } finally {
    ({ profile } = (await session.post('Profiler.stop')) as { profile: { nodes: Node[] } });
    session.disconnect();
  }
  // BENCH_CPU_PROFILE=path.cpuprofile keeps the whole profile (DevTools, speedscope) besides the summary.
  const file = process.env.BENCH_CPU_PROFILE;
  if (file?.endsWith('.cpuprofile')) writeFileSync(file.replace(/\.cpuprofile$/, `-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  const total = profile.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0) || 1;
  const where = (url: string, name: string): string => {
    if (!url) return name.startsWith('(') ? name : '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1]!;
    if (url.startsWith('node:')) return 'node';
    const ours = /(projections\/[^/]+|src\/[^/]+\/[^/]+|src\/[^/]+|tests\/[^/]+)/.exec(url);
    return ours ? ours[1]! : url;
  };
  const by = (key: (n: Node) => string) => {
    const sums = new Map<string, number>();
    for (const n of profile.nodes) sums.set(key(n), (sums.get(key(n)) ?? 0) + (n.hitCount ?? 0));
    return [...sums].sort((a, b) => b[1] - a[1]);
  };
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`;
  const places = by((n) => where(n.callFrame.url, n.callFrame.functionName)).slice(0, 12);
  const functions = by(
    (n) => `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`,
  ).slice(0, 15);
  const summary = `by place: ${places.map(([k, v]) => `${k} ${pct(v)}`).join(', ')}\n  busiest functions: ${functions.map(([k, v]) => `${k} ${pct(v)}`).join(', ')}`;
  return { result: result!, summary };
}
