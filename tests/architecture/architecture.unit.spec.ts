import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPathViolations } from './command-path';
import { CONTEXT_MAX_LINES, contextSizes, sizeViolations } from './context-size';
import { FEATURE_MAX_FILES, featureFileCounts, featureSizeViolations } from './feature-size';
import { type ImportGraph, readImportGraph } from './import-graph';
import { staleOutboxWriters, wallViolations } from './walls';

const root = path.resolve(__dirname, '../..');
/**
 * Reading and scanning every source file takes well under a second on a quiet machine, and many
 * times that when the machine's two cores are shared by other builds: the default 5 s failed
 * there though nothing was wrong.
 */
const WHOLE_PROJECT_MS = 120_000;

describe('architecture walls (docs/architecture.md, Layout)', () => {
  it(
    "holds: no import cycle, read models know contexts by their events, contexts meet through index.ts, the write side uses read models through theirs, web/ imports only the contract, web features meet through index.ts, SQL stays with its read model, a read model writes only its own tables, a reactor's outbox is written only in its folder",
    { timeout: WHOLE_PROJECT_MS },
    () => {
      const graph = readImportGraph(root, ['src', 'projections', 'web/src', 'tests']);
      expect(graph.files.length).toBeGreaterThan(300);
      expect(wallViolations(graph)).toEqual([]);
      expect(staleOutboxWriters(graph)).toEqual([]);
    },
  );

  it('holds one way to act: no append and no retry of a lost race outside the command path and the event store', { timeout: WHOLE_PROJECT_MS }, () => {
    const graph = readImportGraph(root, ['src', 'projections']);
    expect(graph.files.length).toBeGreaterThan(300);
    expect(commandPathViolations(graph)).toEqual([]);
  });

  it(`caps a context at ${CONTEXT_MAX_LINES} lines; the contexts over it when the cap came in may not grow`, { timeout: WHOLE_PROJECT_MS }, () => {
    const sizes = contextSizes(readImportGraph(root, ['src/modules']));
    expect(sizes.size).toBeGreaterThan(10);
    expect(sizeViolations(sizes)).toEqual([]);
  });

  it(`caps a web feature folder at ${FEATURE_MAX_FILES} files; the features over it when the cap came in may not grow`, () => {
    const counts = featureFileCounts(root);
    expect(counts.size).toBeGreaterThan(10);
    expect(featureSizeViolations(counts)).toEqual([]);
  });
});

/** A tiny project in memory: each wall must catch its own kind of break. */
function graphOf(files: Record<string, { imports?: string[]; text?: string }>): ImportGraph {
  const names = Object.keys(files).sort();
  return {
    files: names,
    imports: new Map(names.map((f) => [f, files[f]!.imports ?? []])),
    text: new Map(names.map((f) => [f, files[f]!.text ?? ''])),
  };
}

describe('each wall catches a deliberate break', () => {
  it('an import cycle', () => {
    const v = wallViolations(graphOf({ 'src/a.ts': { imports: ['src/b.ts'] }, 'src/b.ts': { imports: ['src/a.ts'] } }));
    expect(v).toEqual(['cycle: src/a.ts is in an import cycle of 2 files', 'cycle: src/b.ts is in an import cycle of 2 files']);
  });

  it('a read model importing a context past its events file', () => {
    const v = wallViolations(
      graphOf({
        'projections/feed/feed.projection.ts': { imports: ['src/modules/leads/leads.events.ts', 'src/modules/leads/index.ts'] },
        'src/modules/leads/leads.events.ts': {},
        'src/modules/leads/index.ts': {},
      }),
    );
    expect(v).toEqual(['read model: projections/feed/feed.projection.ts imports src/modules/leads/index.ts (only src/modules/leads/leads.events.ts)']);
  });

  it('the engine importing a read model or a context', () => {
    const v = wallViolations(
      graphOf({
        'projections/runner/runner.ts': { imports: ['projections/feed/index.ts', 'src/modules/leads/leads.events.ts', 'src/shared/logger.ts'] },
        'projections/feed/index.ts': {},
        'src/modules/leads/leads.events.ts': {},
        'src/shared/logger.ts': {},
      }),
    );
    expect(v).toEqual([
      'engine: projections/runner/runner.ts imports projections/feed/index.ts',
      'engine: projections/runner/runner.ts imports src/modules/leads/leads.events.ts',
    ]);
  });

  it('the composition root imported from inside', () => {
    const v = wallViolations(
      graphOf({
        'src/modules/tasks/reminders.reactor.ts': { imports: ['src/app/tokens.ts', 'src/runtime/tokens.ts'] },
        'src/main.ts': { imports: ['src/app/runtime.ts', 'src/app.module.ts'] },
        'src/cli/projections.cli.ts': { imports: ['src/app/projections.ts'] },
        'src/health/health.controller.ts': { imports: ['src/app.module.ts'] },
        'src/app/runtime.ts': {},
        'src/app/tokens.ts': {},
        'src/app/projections.ts': {},
        'src/app.module.ts': {},
        'src/runtime/tokens.ts': {},
      }),
    );
    expect(v).toEqual([
      'composition root: src/health/health.controller.ts imports src/app.module.ts (only src/main.ts and src/cli/ start the root; shared pieces live in src/runtime/)',
      'composition root: src/modules/tasks/reminders.reactor.ts imports src/app/tokens.ts (only src/main.ts and src/cli/ start the root; shared pieces live in src/runtime/)',
    ]);
  });

  it('a lead helper in the engine', () => {
    const v = wallViolations(
      graphOf({
        'projections/runner/merged-leads.ts': { text: '/** export class MergedLeads in a comment */\nexport function setLeadOwner() {}' },
        'projections/runner/rebuild.ts': { text: 'export async function rebuildProjection() {}' },
      }),
    );
    expect(v).toEqual(['engine: projections/runner/merged-leads.ts exports setLeadOwner (lead helpers belong in projections/lead-rows/)']);
  });

  it("a context reaching into another context's insides", () => {
    const v = wallViolations(
      graphOf({
        'src/modules/chat/send.ts': { imports: ['src/modules/leads/index.ts', 'src/modules/leads/load-lead.ts'] },
        'src/modules/leads/index.ts': {},
        'src/modules/leads/load-lead.ts': {},
      }),
    );
    expect(v).toEqual(['context: src/modules/chat/send.ts imports src/modules/leads/load-lead.ts (only src/modules/leads/index.ts)']);
  });

  it("the write side reaching into a read model's insides", () => {
    const v = wallViolations(
      graphOf({
        'src/modules/chat/chat.http.ts': { imports: ['projections/lead-feed/index.ts', 'projections/lead-feed/lead-queries.ts'] },
        'projections/lead-feed/index.ts': {},
        'projections/lead-feed/lead-queries.ts': {},
      }),
    );
    expect(v).toEqual(['read model index: src/modules/chat/chat.http.ts imports projections/lead-feed/lead-queries.ts (only projections/lead-feed/index.ts)']);
  });

  it('the web app importing server code outside the contract', () => {
    const v = wallViolations(
      graphOf({
        'web/src/App.tsx': { imports: ['src/contract/search.ts', 'src/modules/leads/index.ts'] },
        'src/contract/search.ts': {},
        'src/modules/leads/index.ts': {},
      }),
    );
    expect(v).toEqual(['web: web/src/App.tsx imports src/modules/leads/index.ts (only src/contract/)']);
  });

  it("a web feature reaching into another feature's insides (its index.ts and its own files are fine; tests are not held)", () => {
    const v = wallViolations(
      graphOf({
        'web/src/features/leads/components/LeadDetails.tsx': {
          imports: [
            'web/src/features/tasks/index.ts',
            'web/src/features/tasks/components/TaskRow.tsx',
            'web/src/features/leads/api/leadIoApi.ts',
            'web/src/ui/Modal.tsx',
          ],
        },
        'web/src/features/leads/components/LeadDetails.unit.spec.tsx': { imports: ['web/src/features/tasks/components/TaskRow.tsx'] },
        'web/src/app/dashboardViews.tsx': { imports: ['web/src/features/tasks/components/TasksView.tsx'] },
        'web/src/features/tasks/index.ts': {},
        'web/src/features/tasks/components/TaskRow.tsx': {},
        'web/src/features/tasks/components/TasksView.tsx': {},
        'web/src/features/leads/api/leadIoApi.ts': {},
        'web/src/ui/Modal.tsx': {},
      }),
    );
    expect(v).toEqual([
      'web feature: web/src/features/leads/components/LeadDetails.tsx imports web/src/features/tasks/components/TaskRow.tsx (only web/src/features/tasks/index.ts)',
    ]);
  });

  it("SQL on a read model's table outside its folder (comments do not count)", () => {
    const v = wallViolations(
      graphOf({
        'projections/feed/feed.projection.ts': { text: "export const p = { tables: ['lead_feed'] };" },
        'projections/feed/feed.query.ts': { text: "q('SELECT * FROM lead_feed')" },
        'src/modules/leads/list.ts': { text: '// reads from lead_feed\nq(`SELECT lead_id FROM lead_feed WHERE x`)' },
        'src/modules/leads/other.ts': { text: '/* copied from lead_feed */ const x = 1;' },
      }),
    );
    expect(v).toEqual(['sql: src/modules/leads/list.ts reads or writes lead_feed, a table of projections/feed/']);
  });

  it('a read model writing a table it does not declare (its own tables through the table function, reads and listed writers pass)', () => {
    const v = wallViolations(
      graphOf({
        'projections/feed/feed.projection.ts': {
          text: "export const p = { tables: ['lead_feed'] }; q(`INSERT INTO ${t('lead_feed')} (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET n = 1`); q('UPDATE lead_feed SET n = 2'); q('INSERT INTO work_queue_x (id) VALUES (1)'); q('SELECT * FROM schema_migrations FOR UPDATE SKIP LOCKED')",
        },
        'projections/plans/plans.projection.ts': { text: "export const p = { tables: ['plans'] }; q('DELETE FROM plan_queue_x WHERE id = 1')" },
      }),
      { 'projections/plans/plans.projection.ts': ['plan_queue_x'] },
    );
    expect(v).toEqual(['projection: projections/feed/feed.projection.ts writes work_queue_x, which projections/feed/ does not declare in its tables']);
  });

  it("a write to a reactor's outbox outside the reactor's folder (reads, migrations and listed writers pass)", () => {
    const v = wallViolations(
      graphOf({
        'src/modules/mail/send/mail.queue.ts': {
          text: "outboxProjection({ outboxTables: ['mail_outbox_x'], insert: () => ({ sql: 'INSERT INTO mail_outbox_x (id) VALUES ($1)' }) })",
        },
        'src/modules/mail/send/mail-sender.reactor.ts': { text: "q(`UPDATE mail_outbox_x SET state = 'sent'`)" },
        'src/modules/leads/resend.ts': { text: "q(`UPDATE mail_outbox_x SET state = 'pending'`)" },
        'src/modules/leads/purge.ts': { text: "q('DELETE FROM mail_outbox_x WHERE lead_id = $1')" },
        'src/modules/staff/failed.ts': { text: "q('SELECT * FROM mail_outbox_x WHERE state = $1')" },
        'src/database/migrations/030-mail.ts': { text: "q('CREATE TABLE mail_outbox_x (id uuid)'); q('UPDATE mail_outbox_x SET state = 1')" },
        'projections/plans/plans.projection.ts': { text: "q('INSERT INTO mail_outbox_x (id) VALUES ($1)')" },
      }),
      { 'projections/plans/plans.projection.ts': ['mail_outbox_x'], 'src/modules/staff/failed.ts': ['mail_outbox_x'] },
    );
    expect(v).toEqual([
      'outbox: src/modules/leads/purge.ts writes mail_outbox_x, an outbox of src/modules/mail/send/',
      'outbox: src/modules/leads/resend.ts writes mail_outbox_x, an outbox of src/modules/mail/send/',
    ]);
  });

  it('an outbox writer listed as an exception that no longer writes, or is gone', () => {
    const graph = graphOf({
      'src/modules/staff/failed.ts': { text: "q('SELECT * FROM mail_outbox_x')" },
      'projections/plans/p.ts': { text: "q('INSERT INTO mail_outbox_x (id) VALUES (1)')" },
    });
    expect(
      staleOutboxWriters(graph, {
        'src/modules/staff/failed.ts': ['mail_outbox_x'],
        'projections/plans/p.ts': ['mail_outbox_x'],
        'src/modules/old/gone.ts': ['mail_outbox_x'],
      }),
    ).toEqual([
      'outbox: src/modules/staff/failed.ts no longer writes mail_outbox_x; remove it from OUTBOX_WRITERS',
      'outbox: src/modules/old/gone.ts is gone; remove it from OUTBOX_WRITERS',
    ]);
  });
});

describe('the command path catches a deliberate break', () => {
  it('an append outside src/commands/ and src/eventstore/ (comments and tests do not count)', () => {
    const v = commandPathViolations(
      graphOf({
        'src/modules/chat/send.ts': { text: 'await this.store.append(stream, 0n, events);' },
        'src/modules/chat/batch.ts': { text: 'await deps.store.appendMany(appends);' },
        'src/modules/chat/quiet.ts': { text: '// this.store.append(stream) was here\nheaders.append(name, value);' },
        'src/modules/chat/send.int.spec.ts': { text: 'await store.append(s, "any", [e]);' },
        'src/commands/handle-command.ts': { text: 'await store.append(streamId, expected, events);' },
        'src/eventstore/postgres/postgres-event-store.ts': { text: 'return this.appendMany([a]);' },
      }),
    );
    expect(v).toEqual([
      'append: src/modules/chat/batch.ts appends events itself (decide through handleCommand or decideAndAppend in src/commands/)',
      'append: src/modules/chat/send.ts appends events itself (decide through handleCommand or decideAndAppend in src/commands/)',
    ]);
  });

  it('a hand-written retry of a lost race', () => {
    const v = commandPathViolations(
      graphOf({
        'src/modules/feeds/run.ts': { text: 'for (;;) { try { await go(); return; } catch (err) { if (!(err instanceof ConcurrencyError)) throw err; } }' },
        'projections/feed/refresh.ts': { text: 'await retryOnConflict(async () => go());' },
        'src/commands/retry-on-conflict.ts': { text: 'if (!(err instanceof ConcurrencyError)) throw err;' },
      }),
    );
    expect(v).toEqual([
      'retry: projections/feed/refresh.ts retries a lost race by hand (handleCommand and decideAndAppend retry it)',
      'retry: src/modules/feeds/run.ts retries a lost race by hand (handleCommand and decideAndAppend retry it)',
    ]);
  });
});

describe('the size cap catches a deliberate break', () => {
  const lines = (n: number) => 'const x = 1;\n'.repeat(n);

  it('counts the code of each context, not its tests', () => {
    const sizes = contextSizes(
      graphOf({
        'src/modules/chat/send.ts': { text: lines(10) },
        'src/modules/chat/send/send.decide.ts': { text: lines(5) },
        'src/modules/chat/send/send.decide.unit.spec.ts': { text: lines(100) },
        'src/shared/logger.ts': { text: lines(7) },
      }),
    );
    expect(sizes).toEqual(new Map([['chat', 15]]));
  });

  it('a new context over the cap, a listed one over its ceiling, and a listed one cut down below the cap', () => {
    const v = sizeViolations(
      new Map([
        ['chat', CONTEXT_MAX_LINES + 1],
        ['leads', 8_001],
        ['office', 2_000],
        ['tasks', CONTEXT_MAX_LINES],
      ]),
      { leads: 8_000, office: 4_000 },
    );
    expect(v).toEqual([
      `size: src/modules/chat has ${CONTEXT_MAX_LINES + 1} lines, over its ${CONTEXT_MAX_LINES} (split it along its seams)`,
      'size: src/modules/leads has 8001 lines, over its 8000 (split it along its seams; it may not grow while it is cut down)',
      'size: src/modules/office is down to 2000 lines; remove its exception (4000) from OVERSIZE_CONTEXTS',
    ]);
  });
});

describe('the web feature cap catches a deliberate break', () => {
  it('counts every file of a feature folder, sub-folders and tests included', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'features-'));
    try {
      const put = (f: string) => {
        fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
        fs.writeFileSync(path.join(root, f), '');
      };
      [
        'web/src/features/tasks/index.ts',
        'web/src/features/tasks/api/tasksApi.ts',
        'web/src/features/tasks/components/TaskRow.tsx',
        'web/src/features/tasks/components/TaskRow.module.css',
        'web/src/features/tasks/components/TaskRow.unit.spec.tsx',
        'web/src/features/plans/PlansView.tsx',
      ].forEach(put);
      expect(featureFileCounts(root)).toEqual(
        new Map([
          ['plans', 1],
          ['tasks', 5],
        ]),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a new feature over the cap, a listed one over its ceiling, and a listed one cut down below the cap', () => {
    const v = featureSizeViolations(
      new Map([
        ['leads', FEATURE_MAX_FILES + 1],
        ['search', 48],
        ['account', 30],
        ['tasks', FEATURE_MAX_FILES],
      ]),
      { search: 47, account: 42 },
    );
    expect(v).toEqual([
      `size: web/src/features/leads has ${FEATURE_MAX_FILES + 1} files, over its ${FEATURE_MAX_FILES} (split it into features along its seams)`,
      'size: web/src/features/search has 48 files, over its 47 (split it into features along its seams; it may not grow while it is cut down)',
      'size: web/src/features/account is down to 30 files; remove its exception (42) from OVERSIZE_FEATURES',
    ]);
  });
});
