import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadFeedProjection } from '../../projections/lead-feed';
import { leadTimelineProjection } from '../../projections/lead-timeline';
import { leadNotesProjection } from '../../projections/lead-notes';
import { leadPondProjection } from '../../projections/lead-pond';
import { leadReportsProjection } from '../../projections/lead-reports';
import { leadThreadProjection } from '../../projections/lead-thread';
import { organizerProjection } from '../../projections/organizer';
import { type Projection, ProjectionRunner, rebuildProjection } from '../../projections/runner';
import { showingsProjection } from '../../projections/showings';
import { tasksProjection } from '../../projections/tasks';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import type { NewEvent } from '../../src/shared/event';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Merges that merge (issue 18), on every dashboard read model: two worlds get the same log, except
 * that where world M merges the duplicate's account into the survivor's and later unmerges it,
 * world N appends events no read model reads. Activity comes before the merge and while it holds,
 * on either lead. While merged, M shows one lead; replaying M from scratch gives what M's live
 * runner made; after the unmerge, M equals N table by table (transaction ids aside: they are the
 * database's own).
 */
const PROJECTIONS: readonly Projection[] = [
  leadFeedProjection,
  leadTimelineProjection,
  leadThreadProjection,
  tasksProjection,
  leadNotesProjection,
  organizerProjection,
  leadReportsProjection,
  leadPondProjection,
  showingsProjection,
];
const TX_COLUMNS = new Set(['tx_id', 'assigned_tx']);

type World = { db: TestDatabase; store: PostgresEventStore; runner: ProjectionRunner };

async function openWorld(): Promise<World> {
  const db = await createTestDatabase();
  const store = new PostgresEventStore(db.pool, { pollMs: 20, databaseUrl: db.url });
  const runner = new ProjectionRunner({ pool: db.pool, databaseUrl: db.url, store, projections: PROJECTIONS, batchSize: 200 });
  runner.start();
  return { db, store, runner };
}

/** Every table of every read model, rows in a stable order, transaction ids left out. */
async function snapshot(w: World): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of PROJECTIONS) {
    for (const t of p.tables) {
      const { rows } = await w.db.pool.query(`SELECT * FROM ${t}`);
      out[t] = rows
        .map((r: Record<string, unknown>) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(r)
                .filter(([k]) => !TX_COLUMNS.has(k))
                .sort(([a], [b]) => a.localeCompare(b)),
            ),
            (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
          ),
        )
        .sort();
    }
  }
  return out;
}

const ACTIONS = ['view', 'chat-in', 'chat-out', 'note', 'task', 'search', 'stage', 'tags', 'text'] as const;
type Action = { readonly on: 'survivor' | 'duplicate'; readonly kind: (typeof ACTIONS)[number] };
const action = fc.record({ on: fc.constantFrom('survivor' as const, 'duplicate' as const), kind: fc.constantFrom(...ACTIONS) });

describe('merge then unmerge on the dashboard read models (issue 18)', () => {
  let m: World;
  let n: World;
  let clock = Date.parse('2026-03-01T09:00:00.000Z');
  const at = () => new Date((clock += 60_000)).toISOString();
  const event = (type: string, data: Record<string, unknown>, siteId: string): NewEvent => ({
    type,
    data,
    eventId: randomUUID(),
    metadata: { siteId, actorId: null, impersonatorId: null, correlationId: randomUUID(), causationId: null, at: at() },
  });
  /** The same events to both worlds, or (`mOnly`) the merge's to M and events nobody reads to N, in the same places of the log. */
  const append = async (streamId: string, events: readonly NewEvent[], mOnly = false) => {
    await m.store.append(streamId, 'any', events);
    await n.store.append(streamId, 'any', mOnly ? events.map((e) => ({ ...e, type: 'NothingHappened' })) : events);
  };
  const settle = () => Promise.all([m.runner.waitForCatchUp(60_000), n.runner.waitForCatchUp(60_000)]);

  beforeAll(async () => {
    [m, n] = await Promise.all([openWorld(), openWorld()]);
  }, 120_000);
  afterAll(async () => {
    for (const w of [m, n]) {
      await w?.runner.stop();
      await w?.store.close();
      await w?.db.drop();
    }
  });

  it('while merged one lead shows everything (rebuild = live); unmerged, every table is as if never merged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 6 }), fc.array(action, { minLength: 1, maxLength: 4 }), async (before, during) => {
        const siteId = randomUUID();
        const agent = randomUUID();
        const broker = randomUUID();
        const people = {
          survivor: { userId: randomUUID(), leadId: randomUUID(), name: 'Ada Lovelace' },
          duplicate: { userId: randomUUID(), leadId: randomUUID(), name: 'Ada L. Byron' },
        };
        for (const p of Object.values(people)) {
          await append(`lead-${p.leadId}`, [
            event(
              'LeadCaptured',
              {
                leadId: p.leadId,
                userId: p.userId,
                siteId,
                fullName: p.name,
                email: `${p.userId}@example.test`,
                phone: '2065550100',
                leadType: 'Buyer',
                source: 'direct',
                firstTouch: { src: null, referrer: null, at: at() },
                listingPdid: null,
              },
              siteId,
            ),
            event('LeadAssigned', { leadId: p.leadId, siteId, agentId: agent, officeId: broker, rule: 'round-robin', ruleVersion: 1 }, siteId),
          ]);
        }
        const act = async (a: Action) => {
          const p = people[a.on];
          const own = { leadId: p.leadId, siteId };
          const one = (type: string, data: Record<string, unknown>) => append(`work-${p.leadId}`, [event(type, { ...own, ...data }, siteId)]);
          switch (a.kind) {
            case 'view':
              return one('ListingViewed', { userId: p.userId, pdid: 'PD-1', address: '1 Main St', price: 450000 });
            case 'chat-in':
            case 'chat-out': {
              const [from, to] = a.kind === 'chat-in' ? [p.userId, agent] : [agent, p.userId];
              return one('ChatMessageSent', { chatId: p.leadId, messageId: randomUUID(), fromUserId: from, toUserId: to, text: `hello ${a.kind}` });
            }
            case 'note':
              return one('LeadNoteWritten', { noteId: randomUUID(), text: 'Wants a yard', authorId: agent, authorName: 'Agent Smith' });
            case 'task':
              return one('TaskCreated', {
                taskId: randomUUID(),
                officeId: broker,
                title: 'Call back',
                taskType: 'call',
                dueAt: '2026-04-01T17:00:00.000Z',
                assigneeId: agent,
                byUserId: agent,
              });
            case 'search':
              return one('SavedSearchSaved', {
                userId: p.userId,
                searchId: randomUUID(),
                name: 'Seattle',
                criteria: { city: 'Seattle' },
                searchQs: 'city=Seattle',
                searchTitle: 'Seattle',
                frequency: 'daily',
              });
            case 'stage':
              return one('LeadStageChanged', { stage: 'Active', fromStage: 'New', byUserId: agent });
            case 'tags':
              return one('LeadTagsChanged', { tags: ['vip'], byUserId: agent });
            case 'text':
              return one('TextMessageSent', { messageId: randomUUID(), byUserId: agent, kind: 'text', body: 'On my way', mediaUrl: null, providerId: 'SM1' });
          }
        };
        for (const a of before) await act(a);

        const mergeId = randomUUID();
        const merge = (type: string, userId: string) => {
          const data = { userId, mergeId, survivorId: people.survivor.userId, mergedId: people.duplicate.userId, reason: 'same person' };
          const leads = [{ mergedLeadId: people.duplicate.leadId, survivorLeadId: people.survivor.leadId, mergedName: people.duplicate.name }];
          return event(type, type === 'AccountsMerged' ? { ...data, leads } : data, siteId);
        };
        await append(`backoffice-${people.survivor.userId}`, [merge('AccountsMerged', people.survivor.userId)], true);
        await append(`backoffice-${people.duplicate.userId}`, [merge('AccountsMerged', people.duplicate.userId)], true);
        for (const a of during) await act(a);
        await settle();

        // Merged: one lead in the list, holding both timelines (the duplicate's marked), and what came after.
        const q = (sql: string, params: unknown[]) => m.db.pool.query(sql, params).then((r) => r.rows);
        expect(await q('SELECT lead_id FROM lead_feed WHERE lead_id = ANY($1)', [[people.survivor.leadId, people.duplicate.leadId]])).toEqual([
          { lead_id: people.survivor.leadId },
        ]);
        expect(await q('SELECT count(*)::int AS n FROM lead_timeline WHERE lead_id = $1', [people.duplicate.leadId])).toEqual([{ n: 0 }]);
        // Its capture and assignment, the merge's own line, and every action but a task (tasks are the tasks panel's, not the timeline's).
        const fromDuplicate = 3 + [...before, ...during].filter((a) => a.on === 'duplicate' && a.kind !== 'task').length;
        expect(
          await q('SELECT count(*)::int AS n FROM lead_timeline WHERE lead_id = $1 AND merged_from = $2', [people.survivor.leadId, people.duplicate.leadId]),
        ).toEqual([{ n: fromDuplicate }]);
        const live = await snapshot(m);
        // Replayed from the start, every read model is what the live runner made.
        for (const p of PROJECTIONS) await rebuildProjection({ pool: m.db.pool, store: m.store, projection: p, batchSize: 50 });
        expect(await snapshot(m)).toEqual(live);

        await append(`backoffice-${people.survivor.userId}`, [merge('AccountsUnmerged', people.survivor.userId)], true);
        await append(`backoffice-${people.duplicate.userId}`, [merge('AccountsUnmerged', people.duplicate.userId)], true);
        await settle();
        const [mm, nn] = await Promise.all([snapshot(m), snapshot(n)]);
        for (const p of PROJECTIONS) for (const t of p.tables) expect({ table: t, rows: mm[t] }).toEqual({ table: t, rows: nn[t] });
      }),
      { numRuns: 6 },
    );
  }, 300_000);
});
