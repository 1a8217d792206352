import type { ImportGraph } from './import-graph';

/**
 * One way to act (docs/architecture.md, Commands): events are appended only by the command path
 * (src/commands/, which retries a lost race) and the event store itself; nowhere else does code
 * append or catch a lost race to try again by hand.
 */
const isTest = (f: string) => /\.spec\.tsx?$/.test(f) || f.startsWith('tests/');
const PATH = ['src/commands/', 'src/eventstore/'];
/** Wraps the shared store to count what it appends; calls nothing but the store's own methods. */
const STORE_WRAPPERS = new Set(['src/metrics/metrics.ts']);

const APPEND = /\b\w*[sS]tore\s*\.\s*append(?:Many)?\s*\(|\bappendMany\s*\(/;
const RETRY = /\binstanceof\s+ConcurrencyError\b|\bretryOnConflict\s*\(/;

export function commandPathViolations(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const file of graph.files) {
    if (isTest(file) || PATH.some((p) => file.startsWith(p)) || !(file.startsWith('src/') || file.startsWith('projections/'))) continue;
    const code = withoutComments(graph.text.get(file) ?? '');
    if (APPEND.test(code) && !STORE_WRAPPERS.has(file))
      out.push(`append: ${file} appends events itself (decide through handleCommand or decideAndAppend in src/commands/)`);
    if (RETRY.test(code)) out.push(`retry: ${file} retries a lost race by hand (handleCommand and decideAndAppend retry it)`);
  }
  return out.sort();
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:])\/\/.*$/gm, '$1');
