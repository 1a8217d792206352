import type { TaskEvent } from '../../src/modules/tasks/tasks.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { accountChanges, leadRooms, MergedLeads } from '../lead-rows';
import { type LeadHistoryEvent, leadHistoryTypes } from '../lead-timeline';
import { SEARCHED_TEXT } from './lead-list-filter';
import { ERASED, ERASED_NAME } from '../../src/modules/privacy/privacy.events';

type Handled = LeadHistoryEvent | Extract<TaskEvent, { type: 'TaskCreated' | 'TaskCompleted' | 'TaskReopened' | 'TaskRescheduled' }>;

type FeedRow = {
  lead_id: string;
  user_id: string;
  site_id: string;
  full_name: string;
  lead_type: string;
  source: string;
  assigned_agent_id: string | null;
  office_id: string | null;
  in_pond: boolean;
  created_at: Date;
  /** Set when the row stands in for a merged lead (its events land on this, the survivor's). */
  merged_from?: string | null;
};
const ROW = 'lead_id, user_id, site_id, full_name, lead_type, source, assigned_agent_id, office_id, in_pond, created_at';

/**
 * A merge (issue 18) sets the duplicate's row aside (out of every list, board count, search and
 * smart list) and moves its open tasks under the survivor, each marked with where it came from;
 * an unmerge puts back exactly those.
 */
const merges = new MergedLeads('lead_feed_merges', ['lead_open_tasks'], ['lead_feed']);

/** The rooms of a pond's news: the office (its agents and broker) and staff. */
const pondRooms = (officeId: string) => [`office:${officeId}`, 'staff'];

/**
 * How many leads each (office, agent, pond, stage) holds, for the board's counts: kept by a
 * trigger on lead_feed, so every way a lead's office, agent or stage changes (whichever event
 * and whoever's code) counts, and a board of 100k leads sums a few rows instead of counting
 * them. The columns carry lead_feed's names, so the viewer's scope (lead-scope.ts) applies as
 * it is. The trigger finds its counts table from its own table's name: the rebuild's copies
 * (`lead_feed__rebuild` → `lead_stage_counts__rebuild`) count into each other.
 */
async function createStageCounts(tx: ProjectionContext['tx'], t: (base: string) => string): Promise<void> {
  await tx.query(`CREATE TABLE ${t('lead_stage_counts')} (
    office_id uuid, assigned_agent_id uuid, in_pond boolean NOT NULL, stage text NOT NULL, n integer NOT NULL,
    UNIQUE NULLS NOT DISTINCT (office_id, assigned_agent_id, in_pond, stage)
  )`);
  await tx.query(`CREATE OR REPLACE FUNCTION lead_feed_count_stages() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE counts text := replace(TG_TABLE_NAME, 'lead_feed', 'lead_stage_counts');
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        EXECUTE format('UPDATE %I SET n = n - 1 WHERE office_id IS NOT DISTINCT FROM $1 AND assigned_agent_id IS NOT DISTINCT FROM $2 AND in_pond = $3 AND stage = $4', counts)
          USING OLD.office_id, OLD.assigned_agent_id, OLD.in_pond, OLD.stage;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        EXECUTE format('INSERT INTO %I AS c (office_id, assigned_agent_id, in_pond, stage, n) VALUES ($1, $2, $3, $4, 1)
          ON CONFLICT (office_id, assigned_agent_id, in_pond, stage) DO UPDATE SET n = c.n + 1', counts)
          USING NEW.office_id, NEW.assigned_agent_id, NEW.in_pond, NEW.stage;
      END IF;
      RETURN NULL;
    END $$`);
  await tx.query(`CREATE TRIGGER count_stages AFTER INSERT OR DELETE ON ${t('lead_feed')} FOR EACH ROW EXECUTE FUNCTION lead_feed_count_stages()`);
  await tx.query(`CREATE TRIGGER count_stage_moves AFTER UPDATE ON ${t('lead_feed')} FOR EACH ROW
    WHEN (OLD.office_id IS DISTINCT FROM NEW.office_id OR OLD.assigned_agent_id IS DISTINCT FROM NEW.assigned_agent_id OR OLD.in_pond IS DISTINCT FROM NEW.in_pond OR OLD.stage IS DISTINCT FROM NEW.stage)
    EXECUTE FUNCTION lead_feed_count_stages()`);
}

/**
 * The dashboard's lead list: one row per lead (scoped by site, agent and office) with its stage,
 * tags, contacts and most recent activity, the board's counts, and the pushes that add, move and
 * drop a lead on open dashboards. Each row keeps the log position of its assignment, so that a
 * client that reconnects is sent the leads it missed. The lead's timeline is its own read model
 * (projections/lead-timeline/).
 */
export const leadFeedProjection: Projection = {
  name: 'lead_feed',
  // 2: notebook filings and removals joined the timeline (a rebuild adds the filings already logged).
  // 3: the CRM's stage, tags, first and last contact and the pond (issue 15).
  // 4: notes in the timeline (who added one; the text stays in the notes panel, so a deleted note leaves
  // no words behind), and indexes for the list's filters, sorts and counts (issue 15, smart lists).
  // 5: each lead's open tasks and their due times, for the "Overdue tasks" filter and smart list.
  // 6: timeline lines name homes by address (the pdid kept beside them), the lead's private notes
  //    stay private, no doubled words; the board's per-stage counts and indexes.
  // 7: calls the agent logged (issue 16): a timeline line, and the lead counts as contacted.
  // 8: account merges fold the duplicate's lead into the survivor's (issue 18).
  // 9: showing lines from the lead's appointments (issue 16).
  // 10: an erased person's timeline lines moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  // 11: action plans' steps, pauses and ends (issue 19 part 1).
  // 12: the timeline is its own read model (lead_timeline); this one keeps the list.
  version: 12,
  eventTypes: handledTypes<Handled>()([...leadHistoryTypes, 'TaskCreated', 'TaskCompleted', 'TaskReopened', 'TaskRescheduled']),
  tables: ['lead_feed', 'lead_open_tasks', 'lead_stage_counts', ...merges.tables],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('lead_feed')} (
      lead_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      full_name text NOT NULL,
      email text NOT NULL,
      phone text,
      lead_type text NOT NULL,
      source text NOT NULL,
      listing_pdid text,
      assigned_agent_id uuid,
      office_id uuid,
      assigned_tx bigint,
      assigned_gp bigint,
      status text NOT NULL DEFAULT 'new',
      stage text NOT NULL DEFAULT 'New',
      tags text[] NOT NULL DEFAULT '{}',
      first_contact_at timestamptz,
      last_contact_at timestamptz,
      in_pond boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      last_activity_at timestamptz NOT NULL,
      -- The lead's own recency, without what leads merged into it did (an unmerge goes back to it).
      own_activity_at timestamptz NOT NULL
    )`);
    // An agent's and an office's leads newest first, carrying what the list filters on, so that a
    // count in a scope (the list's total, a smart list's) reads the index alone (lead-list-filter.ts).
    const filtered = 'stage, tags, source, site_id, status, first_contact_at, last_contact_at, created_at';
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (assigned_agent_id, last_activity_at DESC) INCLUDE (office_id, ${filtered})`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (office_id, last_activity_at DESC) INCLUDE (assigned_agent_id, ${filtered})`);
    // Over every lead (staff): "New not contacted" (a default smart list) from the index alone, and tags.
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (stage, first_contact_at)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} USING gin (tags)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (last_activity_at DESC, lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (user_id)`);
    // The list's other sorts (each read forwards or backwards, see orderBy) and its text filter
    // (trigram, pg_trgm from migration 015, so that '%lope%' over every lead is an index scan).
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (created_at DESC, lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (lower(full_name) DESC, lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (last_contact_at DESC NULLS LAST, lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} USING gin (${SEARCHED_TEXT.replace(/f\./g, '')} gin_trgm_ops)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (assigned_tx, assigned_gp)`);
    // The board: a column's count and its most recently active leads, in each viewer's scope.
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (office_id, stage, last_activity_at DESC)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (assigned_agent_id, stage, last_activity_at DESC)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (stage, last_activity_at DESC)`);
    await createStageCounts(tx, t);
    // The list's own copy of when each lead's tasks are due (the tasks read model is another
    // folder's), so that "has an overdue task" is an index probe beside the list's other filters.
    await tx.query(
      `CREATE TABLE ${t('lead_open_tasks')} (task_id uuid PRIMARY KEY, lead_id uuid NOT NULL, due_at timestamptz NOT NULL, done boolean NOT NULL)`,
    );
    await tx.query(`CREATE INDEX ON ${t('lead_open_tasks')} (lead_id, due_at) WHERE NOT done`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const feed = table('lead_feed');
    const liveRow = async (leadId: string) => (await tx.query<FeedRow>(`SELECT ${ROW} FROM ${feed} WHERE lead_id = $1`, [leadId])).rows[0];
    // The row an event about `leadId` lands on: its own, or the survivor's while it is merged.
    const rowOf = (leadId: string) => merges.rowOf<FeedRow>(ctx, 'lead_feed', ROW, leadId);
    // Accounts without a lead row yet (an import registers each person before capturing their lead): their
    // consent and phone changes touch no row, and are not asked about one by one (see usersWithoutRows).
    const rowless = await merges.usersWithoutRows(ctx, 'lead_feed', accountChanges(events));
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      // Recency written so far this batch lands before anything else reads or moves the rows.
      if (!RECENCY_ONLY.has(e.type)) writeRecency(ctx);
      switch (e.type) {
        case 'LeadCaptured': {
          const d = e.data;
          rowless.delete(d.userId);
          ctx.write(
            `INSERT INTO ${feed} (lead_id, user_id, site_id, full_name, email, phone, lead_type, source, listing_pdid, created_at, last_activity_at, own_activity_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10) ON CONFLICT (lead_id) DO NOTHING`,
            [d.leadId, d.userId, d.siteId, d.fullName, d.email, d.phone, d.leadType, d.source, d.listingPdid, at],
          );
          break;
        }
        case 'InquirySubmitted':
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'LeadAssigned':
        case 'LeadReassigned': {
          // A merged lead's own row (set aside) changes, but nothing is said: nobody sees it until it is unmerged.
          const before = await liveRow(e.data.leadId);
          merges.update(
            ctx,
            'lead_feed',
            (t) => `UPDATE ${t} SET assigned_agent_id = $2, office_id = $3, assigned_tx = $4, assigned_gp = $5, in_pond = false WHERE lead_id = $1`,
            [e.data.leadId, e.data.agentId, e.data.officeId, e.transactionId.toString(), e.globalPosition.toString()],
          );
          if (!before) break;
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.officeId, in_pond: false };
          // An import's thousands of leads are not news one by one (no live row, no web push each): its page reloads the list.
          if (before.source !== 'import') ctx.push({ to: leadRooms(after), name: 'lead.captured', payload: capturedPayload(after) });
          // The broker gave a pond lead to an agent: the office's other agents drop it from the pond.
          if (before.in_pond && before.office_id)
            ctx.push({ to: pondRooms(before.office_id), name: 'lead.claimed', payload: { leadId: e.data.leadId, agentId: e.data.agentId, at } });
          break;
        }
        case 'LeadStageChanged': {
          merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET stage = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.stage]);
          const row = await rowOf(e.data.leadId);
          touched(ctx, e, row);
          // The board of everyone who sees the lead moves its card (eventId: the timeline's line for the move).
          const to = row ? leadRooms(row) : [];
          if (to.length)
            ctx.push({ to, name: 'lead.stage', payload: { leadId: e.data.leadId, stage: e.data.stage, fromStage: e.data.fromStage, at, eventId: e.eventId } });
          break;
        }
        case 'LeadFirstContacted':
          merges.update(
            ctx,
            'lead_feed',
            (t) =>
              `UPDATE ${t} SET status = 'contacted', first_contact_at = coalesce(first_contact_at, $2), last_contact_at = greatest(last_contact_at, $2) WHERE lead_id = $1`,
            [e.data.leadId, e.data.at],
          );
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'LeadTagsChanged':
          merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET tags = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.tags]);
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'LeadContactEdited':
          merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET full_name = $2, email = $3, phone = $4 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.fullName,
            e.data.email,
            e.data.phone,
          ]);
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'LeadPutInPond': {
          const before = await liveRow(e.data.leadId);
          // Its position as an assignment's: an agent of the office reconnecting is sent it (feed/since) like a new lead.
          merges.update(
            ctx,
            'lead_feed',
            (t) => `UPDATE ${t} SET assigned_agent_id = NULL, office_id = $2, in_pond = true, assigned_tx = $3, assigned_gp = $4 WHERE lead_id = $1`,
            [e.data.leadId, e.data.officeId, e.transactionId.toString(), e.globalPosition.toString()],
          );
          if (!before) break;
          ctx.push({
            to: pondRooms(e.data.officeId),
            name: 'lead.pond',
            payload: {
              leadId: e.data.leadId,
              fullName: before.full_name,
              leadType: before.lead_type,
              at,
              reason: e.data.reason,
              fromAgentId: e.data.fromAgentId,
            },
          });
          break;
        }
        case 'LeadClaimed': {
          const before = await liveRow(e.data.leadId);
          merges.update(
            ctx,
            'lead_feed',
            (t) => `UPDATE ${t} SET assigned_agent_id = $2, office_id = $3, in_pond = false, assigned_tx = $4, assigned_gp = $5 WHERE lead_id = $1`,
            [e.data.leadId, e.data.agentId, e.data.officeId, e.transactionId.toString(), e.globalPosition.toString()],
          );
          if (!before) break;
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.officeId, in_pond: false };
          ctx.push({ to: leadRooms(after), name: 'lead.captured', payload: capturedPayload(after) });
          ctx.push({ to: pondRooms(e.data.officeId), name: 'lead.claimed', payload: { leadId: e.data.leadId, agentId: e.data.agentId, at } });
          break;
        }
        case 'ListingViewed':
        case 'SearchRun':
        case 'LeadNoteWritten':
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'TextMessageSent':
          merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted' WHERE lead_id = $1 AND status IS DISTINCT FROM 'contacted'`, [
            e.data.leadId,
          ]);
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'CallLogged':
          merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted', last_contact_at = greatest(last_contact_at, $2) WHERE lead_id = $1`, [
            e.data.leadId,
            at,
          ]);
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'ChatMessageSent': {
          const row = await rowOf(e.data.leadId);
          // A merged lead's chat is from its own account, not the survivor's.
          const fromLead = row !== undefined && (await merges.userOf(ctx, 'lead_feed', row)) === e.data.fromUserId;
          if (row && !fromLead)
            merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted' WHERE lead_id = $1 AND status IS DISTINCT FROM 'contacted'`, [
              e.data.leadId,
            ]);
          touched(ctx, e, row);
          break;
        }
        case 'ConsentChanged':
        case 'CellPhoneChanged': {
          if (e.type === 'CellPhoneChanged')
            merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET phone = coalesce($2, phone) WHERE user_id = $1`, [e.data.userId, e.data.cellPhone]);
          // One account can be a lead of several sites: each of its leads is the more recent. A merged account's
          // leads are set aside: the survivor's lead is.
          if (!rowless.has(e.data.userId)) for (const row of await merges.rowsOfUser<FeedRow>(ctx, 'lead_feed', ROW, e.data.userId)) touched(ctx, e, row);
          break;
        }
        case 'SavedSearchSaved':
        case 'SavedSearchDeleted':
        case 'ListingFavorited':
        case 'ListingNoteWritten':
        case 'ListingOpinionGiven':
        case 'ListingShared':
        case 'ShowingRequested':
        case 'ListingFiledInNotebook':
        case 'ListingRemovedFromNotebook':
        case 'PropertyAlertSent':
        case 'PropertyAlertOpened':
        case 'ListingsSentToLead':
        case 'ListingEmailOpened':
        case 'ListingEmailClicked':
          touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'TaskCreated': {
          const to = await merges.target(ctx, e.data.leadId);
          ctx.write(
            `INSERT INTO ${table('lead_open_tasks')} (task_id, lead_id, due_at, done, merged_from) VALUES ($1, $2, $3, false, $4) ON CONFLICT (task_id) DO NOTHING`,
            [e.data.taskId, to.leadId, e.data.dueAt, to.mergedFrom],
          );
          break;
        }
        case 'TaskCompleted':
        case 'TaskReopened':
          ctx.write(`UPDATE ${table('lead_open_tasks')} SET done = $2 WHERE task_id = $1`, [e.data.taskId, e.type === 'TaskCompleted']);
          break;
        case 'TaskRescheduled':
          ctx.write(`UPDATE ${table('lead_open_tasks')} SET due_at = $2 WHERE task_id = $1`, [e.data.taskId, e.data.dueAt]);
          break;
        case 'ShowingProposed':
        case 'ShowingConfirmed':
        case 'ShowingRescheduled':
        case 'ShowingCancelled':
        case 'ShowingCompleted':
          // As the timeline says it: a showing the lead asked for already counted when they asked.
          if (!(e.type === 'ShowingProposed' && e.data.proposedBy === 'lead')) touched(ctx, e, await rowOf(e.data.leadId));
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged': {
          rowless.clear();
          const pairs = e.type === 'AccountsMerged' && e.data.userId === e.data.mergedId ? (e.data.leads ?? []) : [];
          const shown = await Promise.all(pairs.map(async (p) => [await liveRow(p.mergedLeadId), await liveRow(p.survivorLeadId)] as const));
          const { unfolded } = await merges.apply(ctx, e, async (id) => (await liveRow(id)) !== undefined);
          // The survivor is as recent as the most recent of the leads it holds; after an unmerge, as its own.
          for (const f of unfolded) await tx.query(`UPDATE ${feed} SET last_activity_at = own_activity_at WHERE lead_id = $1`, [f.survivorLeadId]);
          ctx.write(
            `UPDATE ${feed} s SET last_activity_at = greatest(s.last_activity_at, p.last_activity_at)
             FROM ${table('lead_feed_merges')} m JOIN ${table('lead_feed_parked')} p ON p.lead_id = m.merged_lead_id
             WHERE m.merge_id = $1 AND s.lead_id = m.survivor_lead_id`,
            [e.data.mergeId],
          );
          // Open dashboards of whoever saw either lead drop the duplicate (or, unmerged, get it back).
          for (const [merged, survivor] of shown) {
            if (!merged || !survivor || (await liveRow(merged.lead_id))) continue;
            const to = [...new Set([...leadRooms(merged), ...leadRooms(survivor)])];
            if (to.length) ctx.push({ to, name: 'lead.merged', payload: { leadId: merged.lead_id, intoLeadId: survivor.lead_id, at } });
          }
          for (const f of unfolded) {
            const back = await liveRow(f.mergedLeadId);
            if (back) ctx.push({ to: leadRooms(back), name: 'lead.captured', payload: capturedPayload(back) });
          }
          break;
        }
        case 'PersonErased': {
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same),
          // not as activity: retention must not see it as such.
          ctx.write(`UPDATE ${feed} SET full_name = $3, email = $4, phone = NULL, tags = '{}' WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`, [
            e.data.leadIds,
            e.data.userId,
            ERASED_NAME,
            ERASED,
          ]);
          // A duplicate folded into another lead by a merge keeps its row aside: it is forgotten the same way.
          ctx.write(
            `UPDATE ${table('lead_feed_parked')} SET full_name = $3, email = $4, phone = NULL, tags = '{}' WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`,
            [e.data.leadIds, e.data.userId, ERASED_NAME, ERASED],
          );
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        }
        default:
          assertNever(e);
      }
    }
    writeRecency(ctx);
  },
};

/**
 * Types whose handling touches a lead row only through `activity` (its recency) and the
 * idempotent "contacted" status: their recency is gathered and written once per lead at the end
 * of the batch (or before the next event of another type). A row updated once per event in one
 * transaction keeps every version it had (none can be pruned while the transaction runs), so a
 * busy lead's thousand messages in a batch made each update and read walk a chain of hundreds:
 * 6 ms an event, the batch of 1,000 six seconds (the thread benchmark's 5,000 items on one lead).
 */
const RECENCY_ONLY: ReadonlySet<string> = new Set(['ChatMessageSent', 'TextMessageSent', 'ListingViewed', 'SearchRun', 'LeadNoteWritten', 'CallLogged']);

/** Per batch: lead row (and merged twin) → the newest activity seen (see RECENCY_ONLY). */
const pendingRecency = new WeakMap<ProjectionContext, Map<string, { at: string; own: string | null; parked: Map<string, string> }>>();

const later = (a: string | null, b: string) => (a === null || Date.parse(b) > Date.parse(a) ? b : a);

function noteRecency(ctx: ProjectionContext, leadId: string, at: string, mergedFrom: string | null): void {
  let batch = pendingRecency.get(ctx);
  if (!batch) pendingRecency.set(ctx, (batch = new Map()));
  const r = batch.get(leadId) ?? { at, own: null, parked: new Map<string, string>() };
  r.at = later(r.at, at);
  // What a merged lead does makes the survivor recent; its own recency is kept on its set-aside row, for an unmerge.
  if (mergedFrom) r.parked.set(mergedFrom, later(r.parked.get(mergedFrom) ?? null, at));
  else r.own = later(r.own, at);
  batch.set(leadId, r);
}

function writeRecency(ctx: ProjectionContext): void {
  const batch = pendingRecency.get(ctx);
  if (!batch || batch.size === 0) return;
  pendingRecency.delete(ctx);
  for (const [leadId, r] of batch) {
    ctx.write(
      `UPDATE ${ctx.table('lead_feed')} SET last_activity_at = greatest(last_activity_at, $2), own_activity_at = greatest(own_activity_at, $3) WHERE lead_id = $1`,
      [leadId, r.at, r.own],
    );
    for (const [merged, at] of r.parked) {
      ctx.write(
        `UPDATE ${ctx.table('lead_feed_parked')} SET last_activity_at = greatest(last_activity_at, $2), own_activity_at = greatest(own_activity_at, $2) WHERE lead_id = $1`,
        [merged, at],
      );
    }
  }
}

const capturedPayload = (r: FeedRow) => ({ leadId: r.lead_id, fullName: r.full_name, leadType: r.lead_type, at: r.created_at.toISOString() });

/** Something the lead did or was sent: the lead is as recent as that (written at the end of the batch, see RECENCY_ONLY). */
function touched(ctx: ProjectionContext, e: StoredEvent, row: FeedRow | undefined): void {
  if (row) noteRecency(ctx, row.lead_id, e.metadata.at, row.merged_from ?? null);
}
