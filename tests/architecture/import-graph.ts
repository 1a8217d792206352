import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's own import graph, read from the source text: every `import … from`, `export …
 * from`, `import('…')` and `require('…')` whose target is a relative path, resolved to a file.
 * A scan rather than the compiler: the walls are about files and folders, and a scan of 600
 * files takes a few milliseconds with no compiler API to keep in step with.
 */
export type ImportGraph = {
  /** Project-relative paths with forward slashes, e.g. `src/modules/leads/index.ts`. */
  readonly files: readonly string[];
  readonly imports: ReadonlyMap<string, readonly string[]>;
  readonly text: ReadonlyMap<string, string>;
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(child);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

function resolve(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return c;
  }
  // A `.js` specifier naming a `.ts` file (NodeNext style).
  const stripped = base.replace(/\.(js|mjs)$/, '');
  for (const e of EXTENSIONS) if (fs.existsSync(path.join(root, stripped + e))) return stripped + e;
  return undefined;
}

export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files = sourceFiles(root, dirs);
  const imports = new Map<string, string[]>();
  const text = new Map<string, string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    text.set(file, source);
    const targets = new Set<string>();
    for (const m of source.matchAll(SPECIFIER)) {
      const target = resolve(root, file, m[1]!);
      if (target) targets.add(target);
    }
    imports.set(file, [...targets].sort());
  }
  return { files, imports, text };
}

/** Strongly connected components with more than one file (Tarjan, iterative). */
export function importCycles(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const inGraph = new Set(nodes);
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = (edges.get(frame.node) ?? []).filter((t) => inGraph.has(t));
      if (frame.i < targets.length) {
        const t = targets[frame.i++]!;
        if (!index.has(t)) {
          index.set(t, next);
          low.set(t, next++);
          stack.push(t);
          onStack.add(t);
          work.push({ node: t, i: 0 });
        } else if (onStack.has(t)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(t)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== frame.node);
        if (component.length > 1) out.push(component.sort());
      }
    }
  }
  return out;
}
