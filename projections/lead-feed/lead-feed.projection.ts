import { createHash } from 'node:crypto';
import type { AccountEvent } from '../../src/modules/accounts/accounts.events';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { BehaviourAlertRaised } from '../../src/modules/behaviour/behaviour.events';
import type { ChatEvent } from '../../src/modules/conversation/conversation.events';
import { type CallLogged, type LeadMessageEvent, leadMessageEventTypes } from '../../src/modules/conversation/conversation.events';
import { type ListingMailEvent } from '../../src/modules/listing-mail/listing-mail.events';
import { type LeadActivityEvent, leadActivityEventTypes, type LeadEvent, leadEventTypes, type LeadNoteWritten } from '../../src/modules/leads/leads.events';
import type { ShowingEvent } from '../../src/modules/showings/showings.events';
import type { TaskEvent } from '../../src/modules/tasks/tasks.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { MergedLeads } from '../lead-rows';
import { SEARCHED_TEXT } from './lead-list-filter';
import { clip, summaries, withHome } from './timeline-summary';
import { type OrganizerTimelineEvent, organizerPdid, organizerSummary, organizerTimelineTypes } from './organizer-timeline';
import { listingMailSummary, listingMailTimelineTypes } from './listing-mail-timeline';
import { type KnownShowing, showingSummary, showingTimelineTypes } from './showing-timeline';
import { planSummary, planTimelineTypes } from './plan-timeline';
import type { EnrolmentEvent } from '../../src/modules/plans/plans.events';
import { ERASED, ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Handled =
  | LeadEvent
  | LeadActivityEvent
  | LeadMessageEvent
  | LeadNoteWritten
  | CallLogged
  | Extract<ChatEvent, { type: 'ChatMessageSent' }>
  | Extract<AccountEvent, { type: 'ConsentChanged' | 'CellPhoneChanged' }>
  | OrganizerTimelineEvent
  | EnrolmentEvent
  | Extract<TaskEvent, { type: 'TaskCreated' | 'TaskCompleted' | 'TaskReopened' | 'TaskRescheduled' }>
  | PersonErased
  | ListingMailEvent
  | ShowingEvent
  | AccountsMerged
  | AccountsUnmerged
  | BehaviourAlertRaised;

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
 * smart list) and moves its timeline and open tasks under the survivor, each marked with where it
 * came from; an unmerge puts back exactly those.
 */
const merges = new MergedLeads('lead_feed_merges', ['lead_timeline', 'lead_open_tasks'], ['lead_feed']);

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

/** The rooms a lead's pushes go to: its agent, the agent's broker, staff (contract section 5). */
export const leadRooms = (row: { assigned_agent_id: string | null; office_id: string | null }): string[] =>
  row.assigned_agent_id ? [...new Set([`user:${row.assigned_agent_id}`, ...(row.office_id ? [`user:${row.office_id}`] : []), 'staff'])] : [];

/**
 * The dashboard's read side: one row per lead (scoped by site, agent and office) and its
 * timeline (registration, inquiries, assignment, listings viewed, searches, messages and
 * preference changes), each entry with the log position it came from, so that a client that
 * reconnects can ask for what came after the last position it saw.
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
  version: 11,
  // All of the lead's own events, its activity and its texts: the events file's lists, named once there.
  eventTypes: handledTypes<Handled>()([
    ...leadEventTypes,
    ...leadActivityEventTypes,
    ...leadMessageEventTypes,
    'LeadNoteWritten',
    'CallLogged',
    'ChatMessageSent',
    'ConsentChanged',
    'CellPhoneChanged',
    ...organizerTimelineTypes,
    'TaskCreated',
    'TaskCompleted',
    'TaskReopened',
    'TaskRescheduled',
    ...listingMailTimelineTypes,
    ...showingTimelineTypes,
    ...planTimelineTypes,
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
    'BehaviourAlertRaised',
  ]),
  tables: ['lead_feed', 'lead_timeline', 'lead_open_tasks', 'lead_stage_counts', 'lead_showings', 'lead_feed_merges', 'lead_feed_parked'],
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
    await tx.query(`CREATE TABLE ${t('lead_timeline')} (
      event_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      site_id uuid NOT NULL,
      type text NOT NULL,
      at timestamptz NOT NULL,
      summary text NOT NULL,
      pdid text,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (lead_id, at)`);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (tx_id, global_position)`);
    // The list's own copy of when each lead's tasks are due (the tasks read model is another
    // folder's), so that "has an overdue task" is an index probe beside the list's other filters.
    await tx.query(`CREATE TABLE ${t('lead_open_tasks')} (task_id uuid PRIMARY KEY, lead_id uuid NOT NULL, due_at timestamptz NOT NULL, done boolean NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('lead_open_tasks')} (lead_id, due_at) WHERE NOT done`);
    // What the timeline's showing lines name (the place and time as they stand): the showings read model is another folder's.
    await tx.query(`CREATE TABLE ${t('lead_showings')} (showing_id uuid PRIMARY KEY, address text NOT NULL, time_zone text NOT NULL, start_at timestamptz NOT NULL)`);
    await merges.create(tx, t);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (merged_from) WHERE merged_from IS NOT NULL`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const feed = table('lead_feed');
    const liveRow = async (leadId: string) => (await tx.query<FeedRow>(`SELECT ${ROW} FROM ${feed} WHERE lead_id = $1`, [leadId])).rows[0];
    // The row an event about `leadId` lands on: its own, or the survivor's while it is merged.
    const rowOf = async (leadId: string): Promise<FeedRow | undefined> => {
      const own = await liveRow(leadId);
      if (own) return own;
      const to = await merges.target(ctx, leadId);
      if (!to.mergedFrom) return undefined;
      const survivor = await liveRow(to.leadId);
      return survivor && { ...survivor, merged_from: to.mergedFrom };
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      // Recency written so far this batch lands before anything else reads or moves the rows.
      if (!RECENCY_ONLY.has(e.type)) await writeRecency(ctx);
      switch (e.type) {
        case 'LeadCaptured': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${feed} (lead_id, user_id, site_id, full_name, email, phone, lead_type, source, listing_pdid, created_at, last_activity_at, own_activity_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10) ON CONFLICT (lead_id) DO NOTHING`,
            [d.leadId, d.userId, d.siteId, d.fullName, d.email, d.phone, d.leadType, d.source, d.listingPdid, at],
          );
          await addEntry(ctx, e, d.leadId, d.siteId, summaries.captured(d.leadType, d.source));
          break;
        }
        case 'InquirySubmitted':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.inquiry(e.data.leadType, e.data.listingPdid, e.data.message), { pdid: e.data.listingPdid });
          break;
        case 'LeadAssigned':
        case 'LeadReassigned': {
          // A merged lead's own row (set aside) changes, but nothing is said: nobody sees it until it is unmerged.
          const before = await liveRow(e.data.leadId);
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET assigned_agent_id = $2, office_id = $3, assigned_tx = $4, assigned_gp = $5, in_pond = false WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.agentId,
            e.data.brokerId,
            e.transactionId.toString(),
            e.globalPosition.toString(),
          ]);
          if (!before) break;
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.brokerId, in_pond: false };
          const summary = e.type === 'LeadAssigned' ? summaries.assigned(e.data.rule) : summaries.reassigned();
          await addEntry(ctx, e, e.data.leadId, before.site_id, summary);
          // An import's thousands of leads are not news one by one (no live row, no web push each): its page reloads the list.
          if (before.source !== 'import') ctx.push({ to: leadRooms(after), name: 'lead.captured', payload: capturedPayload(after) });
          // The broker gave a pond lead to an agent: the office's other agents drop it from the pond.
          if (before.in_pond && before.office_id) ctx.push({ to: pondRooms(before.office_id), name: 'lead.claimed', payload: { leadId: e.data.leadId, agentId: e.data.agentId, at } });
          // Whoever had it before learns that it moved (their client drops it).
          if (e.type === 'LeadReassigned' && before.assigned_agent_id && before.assigned_agent_id !== e.data.agentId) {
            ctx.push({
              to: [`user:${before.assigned_agent_id}`],
              name: 'lead.activity',
              payload: { leadId: e.data.leadId, type: e.type, at, summary, eventId: e.eventId, assignedAgentId: e.data.agentId },
            });
          }
          break;
        }
        case 'LeadStageChanged': {
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET stage = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.stage]);
          const row = await rowOf(e.data.leadId);
          const eventId = await activity(ctx, e, row, summaries.stage(e.data.fromStage, e.data.stage, e.data.byUserId));
          // The board of everyone who sees the lead moves its card.
          if (row && eventId) {
            const to = leadRooms(row);
            if (to.length) ctx.push({ to, name: 'lead.stage', payload: { leadId: e.data.leadId, stage: e.data.stage, fromStage: e.data.fromStage, at, eventId } });
          }
          break;
        }
        case 'LeadFirstContacted':
          await merges.update(
            ctx,
            'lead_feed',
            (t) => `UPDATE ${t} SET status = 'contacted', first_contact_at = coalesce(first_contact_at, $2), last_contact_at = greatest(last_contact_at, $2) WHERE lead_id = $1`,
            [e.data.leadId, e.data.at],
          );
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.firstContact(e.data.via));
          break;
        case 'LeadTagsChanged':
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET tags = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.tags]);
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.tags(e.data.tags));
          break;
        case 'LeadContactEdited':
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET full_name = $2, email = $3, phone = $4 WHERE lead_id = $1`, [e.data.leadId, e.data.fullName, e.data.email, e.data.phone]);
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.contactEdited());
          break;
        case 'LeadPutInPond': {
          const before = await liveRow(e.data.leadId);
          // Its position as an assignment's: an agent of the office reconnecting is sent it (feed/since) like a new lead.
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET assigned_agent_id = NULL, office_id = $2, in_pond = true, assigned_tx = $3, assigned_gp = $4 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.brokerId,
            e.transactionId.toString(),
            e.globalPosition.toString(),
          ]);
          if (!before) break;
          await addEntry(ctx, e, e.data.leadId, before.site_id, summaries.pond(e.data.reason));
          ctx.push({
            to: pondRooms(e.data.brokerId),
            name: 'lead.pond',
            payload: { leadId: e.data.leadId, fullName: before.full_name, leadType: before.lead_type, at, reason: e.data.reason, fromAgentId: e.data.fromAgentId },
          });
          break;
        }
        case 'LeadClaimed': {
          const before = await liveRow(e.data.leadId);
          await merges.update(
            ctx,
            'lead_feed',
            (t) => `UPDATE ${t} SET assigned_agent_id = $2, office_id = $3, in_pond = false, assigned_tx = $4, assigned_gp = $5 WHERE lead_id = $1`,
            [e.data.leadId, e.data.agentId, e.data.brokerId, e.transactionId.toString(), e.globalPosition.toString()],
          );
          if (!before) break;
          await addEntry(ctx, e, e.data.leadId, before.site_id, summaries.claimed());
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.brokerId, in_pond: false };
          ctx.push({ to: leadRooms(after), name: 'lead.captured', payload: capturedPayload(after) });
          ctx.push({ to: pondRooms(e.data.brokerId), name: 'lead.claimed', payload: { leadId: e.data.leadId, agentId: e.data.agentId, at } });
          break;
        }
        case 'ListingViewed':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.viewed(e.data.address, e.data.price), { pdid: e.data.pdid });
          break;
        case 'SearchRun':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.searched(e.data.title));
          break;
        case 'TextMessageSent':
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted' WHERE lead_id = $1 AND status IS DISTINCT FROM 'contacted'`, [e.data.leadId]);
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.text(e.data.kind, e.data.body));
          break;
        case 'CallLogged':
          await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted', last_contact_at = greatest(last_contact_at, $2) WHERE lead_id = $1`, [e.data.leadId, at]);
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.call(e.data.outcome, e.data.durationSeconds, e.data.notes));
          break;
        case 'LeadNoteWritten':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.note(e.data.authorName));
          break;
        case 'ChatMessageSent': {
          const row = await rowOf(e.data.leadId);
          // A merged lead's chat is from its own account, not the survivor's.
          const leadUser = row?.merged_from
            ? (await tx.query<{ user_id: string }>(`SELECT user_id FROM ${table('lead_feed_parked')} WHERE lead_id = $1`, [row.merged_from])).rows[0]?.user_id
            : row?.user_id;
          const fromLead = leadUser === e.data.fromUserId;
          if (row && !fromLead) await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET status = 'contacted' WHERE lead_id = $1 AND status IS DISTINCT FROM 'contacted'`, [e.data.leadId]);
          await activity(ctx, e, row, summaries.chat(fromLead, e.data.text));
          break;
        }
        case 'ConsentChanged':
        case 'CellPhoneChanged': {
          const summary =
            e.type === 'ConsentChanged' ? summaries.consent(e.data.channel, e.data.granted, e.data.how) : summaries.cellPhone(e.data.cellPhone);
          if (e.type === 'CellPhoneChanged') await merges.update(ctx, 'lead_feed', (t) => `UPDATE ${t} SET phone = coalesce($2, phone) WHERE user_id = $1`, [e.data.userId, e.data.cellPhone]);
          // One account can be a lead of several sites: each of its leads shows the change.
          // A merged account's leads are set aside: theirs show on the survivor's lead, marked.
          const { rows } = await tx.query<FeedRow>(
            `SELECT ${ROW}, NULL AS merged_from FROM ${feed} WHERE user_id = $1
             UNION ALL
             SELECT ${ROW.split(', ').map((c) => `s.${c}`).join(', ')}, m.merged_lead_id AS merged_from
             FROM ${table('lead_feed_parked')} p JOIN ${table('lead_feed_merges')} m ON m.merged_lead_id = p.lead_id JOIN ${feed} s ON s.lead_id = m.survivor_lead_id
             WHERE p.user_id = $1`,
            [e.data.userId],
          );
          for (const row of rows) await activity(ctx, e, row, summary, { key: `${e.eventId}:${row.merged_from ?? row.lead_id}` });
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
          await activity(ctx, e, await rowOf(e.data.leadId), organizerSummary(e), { pdid: organizerPdid(e) });
          break;
        case 'TaskCreated':
        {
          const to = await merges.target(ctx, e.data.leadId);
          await tx.query(
            `INSERT INTO ${table('lead_open_tasks')} (task_id, lead_id, due_at, done, merged_from) VALUES ($1, $2, $3, false, $4) ON CONFLICT (task_id) DO NOTHING`,
            [e.data.taskId, to.leadId, e.data.dueAt, to.mergedFrom],
          );
          break;
        }
        case 'TaskCompleted':
        case 'TaskReopened':
          await tx.query(`UPDATE ${table('lead_open_tasks')} SET done = $2 WHERE task_id = $1`, [e.data.taskId, e.type === 'TaskCompleted']);
          break;
        case 'TaskRescheduled':
          await tx.query(`UPDATE ${table('lead_open_tasks')} SET due_at = $2 WHERE task_id = $1`, [e.data.taskId, e.data.dueAt]);
          break;
        case 'PlanEnrolled':
        case 'PlanStepRecorded':
        case 'PlanEnrolmentPaused':
        case 'PlanEnrolmentResumed':
        case 'PlanEnrolmentStopped':
        case 'PlanEnrolmentFinished': {
          // What the plan did, not what the lead did: a line on the timeline, never the lead's activity.
          const row = await rowOf(e.data.leadId);
          if (row) await addEntry(ctx, e, row.lead_id, row.site_id, planSummary(e), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'ListingsSentToLead':
        case 'ListingEmailOpened':
        case 'ListingEmailClicked':
          await activity(ctx, e, await rowOf(e.data.leadId), listingMailSummary(e));
          break;
        case 'ShowingProposed':
        case 'ShowingConfirmed':
        case 'ShowingRescheduled':
        case 'ShowingCancelled':
        case 'ShowingCompleted': {
          const shows = table('lead_showings');
          if (e.type === 'ShowingProposed') {
            await tx.query(`INSERT INTO ${shows} (showing_id, address, time_zone, start_at) VALUES ($1, $2, $3, $4) ON CONFLICT (showing_id) DO NOTHING`, [
              e.data.showingId,
              e.data.address,
              e.data.timeZone,
              e.data.start,
            ]);
          }
          const { rows } = await tx.query<{ address: string; time_zone: string; start_at: Date }>(`SELECT address, time_zone, start_at FROM ${shows} WHERE showing_id = $1`, [e.data.showingId]);
          const known: KnownShowing | null = rows[0] ? { address: rows[0].address, timeZone: rows[0].time_zone, start: rows[0].start_at.toISOString() } : null;
          const summary = known && showingSummary(e, known);
          if (summary) await activity(ctx, e, await rowOf(e.data.leadId), summary);
          if (e.type === 'ShowingRescheduled') await tx.query(`UPDATE ${shows} SET start_at = $2 WHERE showing_id = $1`, [e.data.showingId, e.data.start]);
          break;
        }
        case 'AccountsMerged':
        case 'AccountsUnmerged':
        {
          const pairs = e.type === 'AccountsMerged' && e.data.userId === e.data.mergedId ? (e.data.leads ?? []) : [];
          const shown = await Promise.all(pairs.map(async (p) => [await liveRow(p.mergedLeadId), await liveRow(p.survivorLeadId)] as const));
          const { unfolded } = await merges.apply(ctx, e, async (id) => (await liveRow(id)) !== undefined);
          // The survivor is as recent as the most recent of the leads it holds; after an unmerge, as its own.
          for (const f of unfolded) await tx.query(`UPDATE ${feed} SET last_activity_at = own_activity_at WHERE lead_id = $1`, [f.survivorLeadId]);
          await tx.query(
            `UPDATE ${feed} s SET last_activity_at = greatest(s.last_activity_at, p.last_activity_at)
             FROM ${table('lead_feed_merges')} m JOIN ${table('lead_feed_parked')} p ON p.lead_id = m.merged_lead_id
             WHERE m.merge_id = $1 AND s.lead_id = m.survivor_lead_id`,
            [e.data.mergeId],
          );
          // Open dashboards of whoever saw either lead drop the duplicate (or, unmerged, get it back).
          for (const [merged, survivor] of shown) {
            if (!merged || !survivor || (await liveRow(merged.lead_id))) continue;
            // A line on the survivor, marked as the duplicate's so that the unmerge takes it away with the rest.
            await addEntry(ctx, e, survivor.lead_id, survivor.site_id, summaries.merged(), { key: `${e.eventId}:${merged.lead_id}`, mergedFrom: merged.lead_id });
            const to = [...new Set([...leadRooms(merged), ...leadRooms(survivor)])];
            if (to.length) ctx.push({ to, name: 'lead.merged', payload: { leadId: merged.lead_id, intoLeadId: survivor.lead_id, at } });
          }
          for (const f of unfolded) {
            await tx.query(`DELETE FROM ${table('lead_timeline')} WHERE lead_id = $1 AND type = 'AccountsMerged'`, [f.mergedLeadId]);
            const back = await liveRow(f.mergedLeadId);
            if (back) ctx.push({ to: leadRooms(back), name: 'lead.captured', payload: capturedPayload(back) });
          }
          break;
        }
        case 'PersonErased': {
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same),
          // and each of their leads' timelines says so (not as activity: retention must not see it as such).
          const { rows } = await tx.query<{ lead_id: string; site_id: string }>(
            `UPDATE ${feed} SET full_name = $3, email = $4, phone = NULL, tags = '{}' WHERE lead_id = ANY($1::uuid[]) OR user_id = $2 RETURNING lead_id, site_id`,
            [e.data.leadIds, e.data.userId, ERASED_NAME, ERASED],
          );
          // A duplicate folded into another lead by a merge keeps its row aside: it is forgotten the same way.
          await tx.query(`UPDATE ${table('lead_feed_parked')} SET full_name = $3, email = $4, phone = NULL, tags = '{}' WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`, [e.data.leadIds, e.data.userId, ERASED_NAME, ERASED]);
          // Their lines moved under a survivor too; a duplicate's lines under their lead are another account's and stay.
          await tx.query(`UPDATE ${table('lead_timeline')} SET summary = $2 WHERE (lead_id = ANY($1::uuid[]) AND merged_from IS NULL) OR merged_from = ANY($3::uuid[])`, [rows.map((r) => r.lead_id), ERASED, e.data.leadIds]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          for (const r of rows) await addEntry(ctx, e, r.lead_id, r.site_id, 'Personal data erased', { key: `${e.eventId}:${r.lead_id}` });
          break;
        }
        case 'BehaviourAlertRaised': {
          // Issue 19 part 2: the alert is a line of the lead's timeline, live on the dashboards; not the lead's activity (their doing already counted).
          const row = await rowOf(e.data.leadId);
          if (!row) break;
          const summary = clip(`Alert: ${e.data.reason}`);
          const id = await addEntry(ctx, e, row.lead_id, row.site_id, summary, { mergedFrom: row.merged_from ?? null });
          const to = leadRooms(row);
          if (to.length) ctx.push({ to, name: 'lead.activity', payload: { leadId: row.lead_id, type: e.type, at, summary, eventId: id } });
          break;
        }
        default:
          assertNever(e);
      }
    }
    await writeRecency(ctx);
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

async function writeRecency(ctx: ProjectionContext): Promise<void> {
  const batch = pendingRecency.get(ctx);
  if (!batch || batch.size === 0) return;
  pendingRecency.delete(ctx);
  for (const [leadId, r] of batch) {
    await ctx.tx.query(`UPDATE ${ctx.table('lead_feed')} SET last_activity_at = greatest(last_activity_at, $2), own_activity_at = greatest(own_activity_at, $3) WHERE lead_id = $1`, [leadId, r.at, r.own]);
    for (const [merged, at] of r.parked) {
      await ctx.tx.query(`UPDATE ${ctx.table('lead_feed_parked')} SET last_activity_at = greatest(last_activity_at, $2), own_activity_at = greatest(own_activity_at, $2) WHERE lead_id = $1`, [merged, at]);
    }
  }
}

const capturedPayload = (r: FeedRow) => ({ leadId: r.lead_id, fullName: r.full_name, leadType: r.lead_type, at: r.created_at.toISOString() });

/**
 * A timeline entry; one event can make several (a preference change for each lead of the
 * account), hence the key. `pdid`: the home the summary names (HOME), addressed when read.
 */
async function addEntry(ctx: ProjectionContext, e: StoredEvent, leadId: string, siteId: string, summary: string, more: Entry = {}): Promise<string> {
  const id = more.key ? uuidFrom(more.key) : e.eventId;
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('lead_timeline')} (event_id, lead_id, site_id, type, at, summary, pdid, tx_id, global_position, merged_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING`,
    [id, leadId, siteId, e.type, e.metadata.at, summary, more.pdid ?? null, e.transactionId.toString(), e.globalPosition.toString(), more.mergedFrom ?? null],
  );
  return id;
}

/** `mergedFrom`: the merged lead the entry belongs to while it shows under the survivor. */
type Entry = { readonly key?: string; readonly pdid?: string | null; readonly mergedFrom?: string | null };

/** Something the lead did or was sent: a timeline entry, newest activity, and a push once assigned. Answers the entry's id. */
async function activity(ctx: ProjectionContext, e: StoredEvent, row: FeedRow | undefined, summary: string, more: Entry = {}): Promise<string | undefined> {
  if (!row) return undefined;
  const id = await addEntry(ctx, e, row.lead_id, row.site_id, summary, { ...more, mergedFrom: row.merged_from ?? null });
  noteRecency(ctx, row.lead_id, e.metadata.at, row.merged_from ?? null);
  const to = leadRooms(row);
  // The live line says 'a home' where the timeline, read, names its address.
  if (to.length) ctx.push({ to, name: 'lead.activity', payload: { leadId: row.lead_id, type: e.type, at: e.metadata.at, summary: withHome(summary, 'a home'), eventId: id } });
  return id;
}

/** A stable uuid-shaped id for a derived entry (event id + lead id). */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
