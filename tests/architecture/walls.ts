import { type ImportGraph, importCycles } from './import-graph';

/**
 * The walls of docs/architecture.md (Layout), as checks over the import graph. Each
 * broken wall is one line naming the files, so a failure says exactly what to move.
 */
const isTest = (f: string) => /\.(unit|int|e2e)\.spec\.tsx?$|\.spec\.tsx?$/.test(f) || f.startsWith('tests/');
const contextOf = (f: string) => /^src\/modules\/([^/]+)\//.exec(f)?.[1];
const readModelOf = (f: string) => /^projections\/([^/]+)\//.exec(f)?.[1];
const webFeatureOf = (f: string) => /^web\/src\/features\/([^/]+)\//.exec(f)?.[1];
const ENGINE = 'runner';
const isRootOrEntry = (f: string) => f.startsWith('src/app/') || f === 'src/app.module.ts' || f === 'src/main.ts' || f.startsWith('src/cli/');

export function wallViolations(graph: ImportGraph, outboxWriters: Readonly<Record<string, readonly string[]>> = OUTBOX_WRITERS): string[] {
  const out: string[] = [];
  const server = graph.files.filter((f) => (f.startsWith('src/') || f.startsWith('projections/')) && !isTest(f));

  for (const cycle of importCycles(server, graph.imports)) {
    for (const f of cycle) out.push(`cycle: ${f} is in an import cycle of ${cycle.length} files`);
  }

  for (const from of graph.files) {
    if (isTest(from)) continue;
    for (const to of graph.imports.get(from) ?? []) {
      const rm = readModelOf(from);
      const ctx = contextOf(to);
      // The engine knows no context and no read model.
      if (rm === ENGINE && (ctx || (readModelOf(to) && readModelOf(to) !== ENGINE))) {
        out.push(`engine: ${from} imports ${to}`);
      }
      // A read model knows a context only by its events file.
      if (rm && rm !== ENGINE && ctx && to !== `src/modules/${ctx}/${ctx}.events.ts`) {
        out.push(`read model: ${from} imports ${to} (only src/modules/${ctx}/${ctx}.events.ts)`);
      }
      // A context uses another context only through its index.
      const fromCtx = contextOf(from);
      if (fromCtx && ctx && fromCtx !== ctx && to !== `src/modules/${ctx}/index.ts` && to !== `src/modules/${ctx}/${ctx}.events.ts`) {
        out.push(`context: ${from} imports ${to} (only src/modules/${ctx}/index.ts)`);
      }
      // The write side and the edge use a read model (and the engine) through its index only.
      if (from.startsWith('src/') && readModelOf(to) && to !== `projections/${readModelOf(to)}/index.ts`) {
        out.push(`read model index: ${from} imports ${to} (only projections/${readModelOf(to)}/index.ts)`);
      }
      // The composition root (src/app/, src/app.module.ts) is imported only by the entry points that start it.
      if ((to.startsWith('src/app/') || to === 'src/app.module.ts') && !isRootOrEntry(from)) {
        out.push(`composition root: ${from} imports ${to} (only src/main.ts and src/cli/ start the root; shared pieces live in src/runtime/)`);
      }
      // A web feature uses another feature only through its index.
      const fromFeature = webFeatureOf(from);
      const feature = webFeatureOf(to);
      if (fromFeature && feature && fromFeature !== feature && to !== `web/src/features/${feature}/index.ts`) {
        out.push(`web feature: ${from} imports ${to} (only web/src/features/${feature}/index.ts)`);
      }
      // The browser shares only the contract with the server.
      if (from.startsWith('web/') && (to.startsWith('src/') || to.startsWith('projections/')) && !to.startsWith('src/contract/')) {
        out.push(`web: ${from} imports ${to} (only src/contract/)`);
      }
    }
  }

  // The engine is about events, batches and checkpoints: helpers for leads live with the read models that keep lead rows.
  for (const file of server) {
    if (readModelOf(file) !== ENGINE) continue;
    const code = (graph.text.get(file) ?? '').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
    const named = /\bexport\s+(?:async\s+)?(?:function|const|class|type)\s+(\w*Lead\w*)/.exec(code)?.[1];
    if (named) out.push(`engine: ${file} exports ${named} (lead helpers belong in projections/lead-rows/)`);
  }

  // SQL on a read model's tables only inside its folder.
  const owners = tableOwners(graph);
  for (const file of server) {
    const here = readModelOf(file);
    const text = stringLiterals(graph.text.get(file) ?? '');
    for (const [table, owner] of owners) {
      if (here === owner) continue;
      const sql = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO|TABLE|EXISTS)\\s+"?${table}\\b(?!\\.)`, 'i');
      if (sql.test(text)) out.push(`sql: ${file} reads or writes ${table}, a table of projections/${owner}/`);
    }
  }

  // A read model writes only the tables it declares (its projection's `tables`); a reactor's queue is its reactor's.
  const declared = tablesByReadModel(graph);
  for (const file of server) {
    const rm = readModelOf(file);
    if (!rm || rm === ENGINE) continue;
    for (const m of stringLiterals(graph.text.get(file) ?? '').matchAll(SQL_WRITE)) {
      const table = m[1]!;
      if (NOT_A_TABLE.has(table.toUpperCase()) || declared.get(rm)?.has(table) || outboxWriters[file]?.includes(table)) continue;
      out.push(`projection: ${file} writes ${table}, which projections/${rm}/ does not declare in its tables`);
    }
  }

  // A reactor's outbox is written only inside the reactor's folder (its queue, its sender); others may read it.
  for (const [table, folder] of outboxOwners(graph)) {
    const write = new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?)\\s+"?${table}\\b(?!\\.)`, 'i');
    for (const file of server) {
      if (file.startsWith(folder) || file.startsWith(MIGRATIONS) || outboxWriters[file]?.includes(table)) continue;
      if (write.test(stringLiterals(graph.text.get(file) ?? ''))) out.push(`outbox: ${file} writes ${table}, an outbox of ${folder}`);
    }
  }
  return [...new Set(out)].sort();
}

/** Each listed outbox writer that is gone or no longer writes its table, so that an exception cannot outlive its reason. */
export function staleOutboxWriters(graph: ImportGraph, outboxWriters: Readonly<Record<string, readonly string[]>> = OUTBOX_WRITERS): string[] {
  const out: string[] = [];
  for (const [file, tables] of Object.entries(outboxWriters)) {
    if (!graph.text.has(file)) {
      out.push(`outbox: ${file} is gone; remove it from OUTBOX_WRITERS`);
      continue;
    }
    const text = stringLiterals(graph.text.get(file) ?? '');
    for (const table of tables) {
      if (!new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?)\\s+"?${table}\\b`, 'i').test(text)) {
        out.push(`outbox: ${file} no longer writes ${table}; remove it from OUTBOX_WRITERS`);
      }
    }
  }
  return out;
}

/** Where the schema is made: migrations create and alter every plain table. */
const MIGRATIONS = 'src/database/migrations/';

/**
 * Writers of an outbox outside its reactor's folder, each with the tables it may write (a line no
 * longer needed is reported). A person's erasure deletes their rows from every outbox (most by a
 * table name passed as a value, which this scan of SQL text does not see). No read model writes a
 * reactor's queue: each reactor's queue projection fills it, and the reactor takes a row once the
 * read model it reads has passed it.
 */
export const OUTBOX_WRITERS: Readonly<Record<string, readonly string[]>> = {
  'src/modules/privacy/erase-person/purge-traces.ts': ['alert_outbox'],
};

/**
 * Each reactor's outbox tables and the reactor's folder, from the `outboxTables: [...]` its
 * folder declares (as a projection declares its `tables`).
 */
export function outboxOwners(graph: ImportGraph): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of graph.files) {
    if (!file.startsWith('src/modules/') || isTest(file)) continue;
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of (graph.text.get(file) ?? '').matchAll(/\boutboxTables:\s*\[([^\]]*)\]/g)) {
      for (const t of m[1]!.matchAll(/['"]([a-z_][a-z0-9_]*)['"]/g)) owners.set(t[1]!, folder);
    }
  }
  return owners;
}

/** A statement that writes a table named in its text (a name built with `${...}` is the read model's own, through its table function). */
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+"?([a-z_][a-z0-9_]*)\b(?!\.)/gi;
/** Words that follow UPDATE without being a table (ON CONFLICT DO UPDATE SET, FOR UPDATE OF / SKIP LOCKED / NOWAIT, a trigger's AFTER UPDATE ON). */
const NOT_A_TABLE = new Set(['SET', 'OF', 'SKIP', 'NOWAIT', 'ON']);

/** The tables each read model declares, from the `tables: [...]` of the projections in its folder. */
function tablesByReadModel(graph: ImportGraph): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [table, rm] of tableOwners(graph)) out.set(rm, (out.get(rm) ?? new Set()).add(table));
  return out;
}

/** Each read model's tables, from the `tables: [...]` of the projections in its folder. */
export function tableOwners(graph: ImportGraph): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of graph.files) {
    const rm = readModelOf(file);
    if (!rm || rm === ENGINE || isTest(file)) continue;
    for (const m of (graph.text.get(file) ?? '').matchAll(/\btables:\s*\[([^\]]*)\]/g)) {
      for (const t of m[1]!.matchAll(/['"]([a-z_][a-z0-9_]*)['"]/g)) owners.set(t[1]!, rm);
    }
  }
  return owners;
}

/** The text inside the file's string and template literals, comments dropped: where SQL lives. */
export function stringLiterals(source: string): string {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
  return [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]).join('\n');
}
