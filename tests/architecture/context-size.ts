import type { ImportGraph } from './import-graph';

/** How many lines a context's own code (src/modules/<context>/, tests left out) may hold. */
export const CONTEXT_MAX_LINES = 3_000;

/**
 * Contexts already over the cap when it came in, each with its size then as its ceiling: they may
 * not grow, and once one is cut down to the cap its line here goes (the check says so). Lower a
 * ceiling when a context shrinks, so that what was cut cannot creep back.
 */
export const OVERSIZE_CONTEXTS: Readonly<Record<string, number>> = {};

const isTest = (f: string) => /\.spec\.tsx?$/.test(f);

/** Lines of code per context, counted as `wc -l` counts them. */
export function contextSizes(graph: ImportGraph): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const file of graph.files) {
    const context = /^src\/modules\/([^/]+)\//.exec(file)?.[1];
    if (!context || isTest(file)) continue;
    const lines = (graph.text.get(file) ?? '').split('\n').length - 1;
    sizes.set(context, (sizes.get(context) ?? 0) + lines);
  }
  return sizes;
}

/** Each context over its ceiling, and each exception no longer needed, as one line saying what to do. */
export function sizeViolations(sizes: ReadonlyMap<string, number>, exceptions: Readonly<Record<string, number>> = OVERSIZE_CONTEXTS): string[] {
  const out: string[] = [];
  for (const [context, lines] of [...sizes].sort()) {
    const ceiling = exceptions[context] ?? CONTEXT_MAX_LINES;
    if (lines > ceiling) {
      out.push(
        `size: src/modules/${context} has ${lines} lines, over its ${ceiling} (split it along its seams${context in exceptions ? '; it may not grow while it is cut down' : ''})`,
      );
    }
  }
  for (const [context, ceiling] of Object.entries(exceptions)) {
    const lines = sizes.get(context) ?? 0;
    if (lines <= CONTEXT_MAX_LINES)
      out.push(`size: src/modules/${context} is down to ${lines} lines; remove its exception (${ceiling}) from OVERSIZE_CONTEXTS`);
  }
  return out;
}
