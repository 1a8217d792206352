import { createHash } from 'node:crypto';
import type { BehaviourAlertRaised } from '../../src/modules/behaviour/behaviour.events';
import type {
  AutomatedEmailSkipped,
  AutomatedTextHeld,
  AutomatedTextSkipped,
  AutomatedTextWithdrawn,
  ConsentWordingUnclear,
  EmailDeliveryReported,
} from '../../src/modules/compliance/compliance.events';
import type { MarketSubscriptionEvent } from '../../src/modules/market-reports/market-reports.events';
import type { EnrolmentEvent } from '../../src/modules/plans/plans.events';
import { ERASED, ERASED_NAME } from '../../src/modules/privacy/privacy.events';
import type { CmaEvent, CmaRequested, HomeDigestChanged, HomeValueRequested } from '../../src/modules/valuation/valuation.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { accountChanges, leadRooms, MergedLeads } from '../lead-rows';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { type LeadHistoryEvent, leadHistoryTypes } from './lead-history';
import { cmaRequestSummary, cmaSummary, homeDigestSummary, homeValueSummary, marketReportSummary } from './home-value-timeline';
import { listingMailSummary } from './listing-mail-timeline';
import { organizerPdid, organizerSummary } from './organizer-timeline';
import { planSummary, planTimelineTypes } from './plan-timeline';
import { type KnownShowing, showingSummary } from './showing-timeline';
import { clip, summaries, withHome } from './timeline-summary';

type Handled =
  | LeadHistoryEvent
  | EnrolmentEvent
  | BehaviourAlertRaised
  | ConsentWordingUnclear
  | HomeValueRequested
  | CmaRequested
  | HomeDigestChanged
  | CmaEvent
  | MarketSubscriptionEvent
  | AutomatedTextHeld
  | AutomatedTextSkipped
  | AutomatedTextWithdrawn
  | AutomatedEmailSkipped
  | EmailDeliveryReported;

/** This read model's own copy of who holds a lead: whose dashboards hear of its lines, and who may read them (feed/since). */
type LeadRow = {
  lead_id: string;
  user_id: string;
  site_id: string;
  assigned_agent_id: string | null;
  office_id: string | null;
  in_pond: boolean;
  /** Set when the row stands in for a merged lead (its events land on this, the survivor's). */
  merged_from?: string | null;
};
const LEADS = 'lead_timeline_leads';
const ROW = 'lead_id, user_id, site_id, assigned_agent_id, office_id, in_pond';

/**
 * A merge (issue 18) moves the duplicate's lines under the survivor, each marked with where it
 * came from, and sets its holder aside; an unmerge puts back exactly those.
 */
const merges = new MergedLeads('lead_timeline_merges', ['lead_timeline'], [LEADS]);

/**
 * The lead's timeline on the dashboard: registration, inquiries, assignment, listings viewed,
 * searches, messages, calls, showings, plans, alerts and preference changes, one line each with
 * the log position it came from (a client that reconnects asks for what came after the last one
 * it saw), pushed live as `lead.activity` to whoever sees the lead.
 */
export const leadTimelineProjection: Projection = {
  name: 'lead_timeline',
  // 2: market report subscriptions recorded before the timeline handled them are shown (a rebuild on deploy).
  version: 2,
  eventTypes: handledTypes<Handled>()([
    ...leadHistoryTypes,
    ...planTimelineTypes,
    'BehaviourAlertRaised',
    'ConsentWordingUnclear',
    'HomeValueRequested',
    'HomeDigestChanged',
    'CmaSaved',
    'CmaSent',
    'CmaOpened',
    'CmaRequested',
    'MarketReportSubscribed',
    'MarketReportUnsubscribed',
    'AutomatedTextHeld',
    'AutomatedTextSkipped',
    'AutomatedTextWithdrawn',
    'AutomatedEmailSkipped',
    'EmailDeliveryReported',
  ]),
  tables: ['lead_timeline', LEADS, 'lead_showings', ...merges.tables],
  async createTables(tx, t) {
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
    await tx.query(`CREATE TABLE ${t(LEADS)} (
      lead_id uuid PRIMARY KEY, user_id uuid NOT NULL, site_id uuid NOT NULL, assigned_agent_id uuid, office_id uuid, in_pond boolean NOT NULL DEFAULT false
    )`);
    await tx.query(`CREATE INDEX ON ${t(LEADS)} (user_id)`);
    // What the showing lines name (the place and time as they stand): the showings read model is another folder's.
    await tx.query(
      `CREATE TABLE ${t('lead_showings')} (showing_id uuid PRIMARY KEY, address text NOT NULL, time_zone text NOT NULL, start_at timestamptz NOT NULL)`,
    );
    await merges.create(tx, t);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (merged_from) WHERE merged_from IS NOT NULL`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const leads = table(LEADS);
    const liveRow = async (leadId: string) => (await tx.query<LeadRow>(`SELECT ${ROW} FROM ${leads} WHERE lead_id = $1`, [leadId])).rows[0];
    const rowOf = (leadId: string) => merges.rowOf<LeadRow>(ctx, LEADS, ROW, leadId);
    const holder = (leadId: string, sql: string, params: readonly unknown[]) =>
      merges.update(ctx, LEADS, (t) => `UPDATE ${t} SET ${sql} WHERE lead_id = $1`, [leadId, ...params]);
    // Accounts without a lead row yet (an import registers each person before capturing their lead): their
    // consent and phone changes touch no row, and are not asked about one by one (see usersWithoutRows).
    const rowless = await merges.usersWithoutRows(ctx, LEADS, accountChanges(events));
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'LeadCaptured': {
          const d = e.data;
          rowless.delete(d.userId);
          ctx.write(`INSERT INTO ${leads} (lead_id, user_id, site_id) VALUES ($1, $2, $3) ON CONFLICT (lead_id) DO NOTHING`, [d.leadId, d.userId, d.siteId]);
          addEntry(ctx, e, d.leadId, d.siteId, summaries.captured(d.leadType, d.source));
          break;
        }
        case 'InquirySubmitted':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.inquiry(e.data.leadType, e.data.listingPdid, e.data.message), {
            pdid: e.data.listingPdid,
          });
          break;
        case 'LeadAssigned':
        case 'LeadReassigned': {
          // A merged lead's own holder (set aside) changes, but nothing is said: nobody sees it until it is unmerged.
          const before = await liveRow(e.data.leadId);
          holder(e.data.leadId, 'assigned_agent_id = $2, office_id = $3, in_pond = false', [e.data.agentId, e.data.officeId]);
          if (!before) break;
          const summary = e.type === 'LeadAssigned' ? summaries.assigned(e.data.rule) : summaries.reassigned();
          addEntry(ctx, e, e.data.leadId, before.site_id, summary);
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
        case 'LeadPutInPond': {
          const before = await liveRow(e.data.leadId);
          holder(e.data.leadId, 'assigned_agent_id = NULL, office_id = $2, in_pond = true', [e.data.officeId]);
          if (before) addEntry(ctx, e, e.data.leadId, before.site_id, summaries.pond(e.data.reason));
          break;
        }
        case 'LeadClaimed': {
          const before = await liveRow(e.data.leadId);
          holder(e.data.leadId, 'assigned_agent_id = $2, office_id = $3, in_pond = false', [e.data.agentId, e.data.officeId]);
          if (before) addEntry(ctx, e, e.data.leadId, before.site_id, summaries.claimed());
          break;
        }
        case 'LeadStageChanged':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.stage(e.data.fromStage, e.data.stage, e.data.byUserId));
          break;
        case 'LeadFirstContacted':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.firstContact(e.data.via));
          break;
        case 'LeadTagsChanged':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.tags(e.data.tags));
          break;
        case 'LeadContactEdited':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.contactEdited());
          break;
        case 'ListingViewed':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.viewed(e.data.address, e.data.price), { pdid: e.data.pdid });
          break;
        case 'SearchRun':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.searched(e.data.title));
          break;
        case 'TextMessageSent':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.text(e.data.kind, e.data.body));
          break;
        case 'CallLogged':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.call(e.data.outcome, e.data.durationSeconds, e.data.notes));
          break;
        case 'LeadNoteWritten':
          await activity(ctx, e, await rowOf(e.data.leadId), summaries.note(e.data.authorName));
          break;
        case 'ChatMessageSent': {
          const row = await rowOf(e.data.leadId);
          // A merged lead's chat is from its own account, not the survivor's.
          const fromLead = row !== undefined && (await merges.userOf(ctx, LEADS, row)) === e.data.fromUserId;
          await activity(ctx, e, row, summaries.chat(fromLead, e.data.text));
          break;
        }
        case 'ConsentChanged':
        case 'CellPhoneChanged': {
          const summary = e.type === 'ConsentChanged' ? summaries.consent(e.data.channel, e.data.granted, e.data.how) : summaries.cellPhone(e.data.cellPhone);
          // Each lead of the account shows the change; a merged account's, on the survivor's lead, marked.
          if (!rowless.has(e.data.userId))
            for (const row of await merges.rowsOfUser<LeadRow>(ctx, LEADS, ROW, e.data.userId)) {
              await activity(ctx, e, row, summary, { key: `${e.eventId}:${row.merged_from ?? row.lead_id}` });
            }
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
        case 'PlanEnrolled':
        case 'PlanStepRecorded':
        case 'PlanEnrolmentPaused':
        case 'PlanEnrolmentResumed':
        case 'PlanEnrolmentStopped':
        case 'PlanEnrolmentFinished': {
          // What the plan did, not what the lead did: a line, never pushed as the lead's activity.
          const row = await rowOf(e.data.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, planSummary(e), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'ListingsSentToLead':
        case 'ListingEmailOpened':
        case 'ListingEmailClicked':
          await activity(ctx, e, await rowOf(e.data.leadId), listingMailSummary(e));
          break;
        case 'HomeValueRequested':
          await activity(ctx, e, await rowOf(e.data.leadId), homeValueSummary(e.data));
          break;
        case 'HomeDigestChanged':
          await activity(ctx, e, await rowOf(e.data.leadId), homeDigestSummary(e.data));
          break;
        case 'CmaRequested':
          await activity(ctx, e, await rowOf(e.data.leadId), cmaRequestSummary(e.data));
          break;
        case 'MarketReportSubscribed':
        case 'MarketReportUnsubscribed':
          await activity(ctx, e, await rowOf(e.data.leadId), marketReportSummary(e));
          break;
        case 'CmaSaved':
        case 'CmaSent':
        case 'CmaOpened':
          await activity(ctx, e, await rowOf(e.data.leadId), cmaSummary(e));
          break;
        case 'ShowingProposed':
        case 'ShowingConfirmed':
        case 'ShowingRescheduled':
        case 'ShowingCancelled':
        case 'ShowingCompleted': {
          const shows = table('lead_showings');
          if (e.type === 'ShowingProposed') {
            ctx.write(`INSERT INTO ${shows} (showing_id, address, time_zone, start_at) VALUES ($1, $2, $3, $4) ON CONFLICT (showing_id) DO NOTHING`, [
              e.data.showingId,
              e.data.address,
              e.data.timeZone,
              e.data.start,
            ]);
          }
          const { rows } = await tx.query<{ address: string; time_zone: string; start_at: Date }>(
            `SELECT address, time_zone, start_at FROM ${shows} WHERE showing_id = $1`,
            [e.data.showingId],
          );
          const known: KnownShowing | null = rows[0] ? { address: rows[0].address, timeZone: rows[0].time_zone, start: rows[0].start_at.toISOString() } : null;
          const summary = known && showingSummary(e, known);
          if (summary) await activity(ctx, e, await rowOf(e.data.leadId), summary);
          if (e.type === 'ShowingRescheduled') await tx.query(`UPDATE ${shows} SET start_at = $2 WHERE showing_id = $1`, [e.data.showingId, e.data.start]);
          break;
        }
        case 'AccountsMerged':
        case 'AccountsUnmerged': {
          rowless.clear();
          const pairs = e.type === 'AccountsMerged' && e.data.userId === e.data.mergedId ? (e.data.leads ?? []) : [];
          const shown = await Promise.all(pairs.map(async (p) => [await liveRow(p.mergedLeadId), await liveRow(p.survivorLeadId)] as const));
          const { unfolded } = await merges.apply(ctx, e, async (id) => (await liveRow(id)) !== undefined);
          for (const [merged, survivor] of shown) {
            if (!merged || !survivor || (await liveRow(merged.lead_id))) continue;
            // A line on the survivor, marked as the duplicate's so that the unmerge takes it away with the rest.
            addEntry(ctx, e, survivor.lead_id, survivor.site_id, summaries.merged(), {
              key: `${e.eventId}:${merged.lead_id}`,
              mergedFrom: merged.lead_id,
            });
          }
          for (const f of unfolded) await tx.query(`DELETE FROM ${table('lead_timeline')} WHERE lead_id = $1 AND type = 'AccountsMerged'`, [f.mergedLeadId]);
          break;
        }
        case 'PersonErased': {
          // Issue 18: the person was forgotten; each of their leads' lines goes (a rebuild ends the same), and the
          // timeline says so (not as activity). Their lines moved under a survivor too; a duplicate's lines under
          // their lead are another account's and stay.
          const { rows } = await tx.query<{ lead_id: string; site_id: string }>(
            `SELECT lead_id, site_id FROM ${leads} WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`,
            [e.data.leadIds, e.data.userId],
          );
          ctx.write(
            `UPDATE ${table('lead_timeline')} SET summary = $2 WHERE (lead_id = ANY($1::uuid[]) AND merged_from IS NULL) OR merged_from = ANY($3::uuid[])`,
            [rows.map((r) => r.lead_id), ERASED, e.data.leadIds],
          );
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          for (const r of rows) addEntry(ctx, e, r.lead_id, r.site_id, 'Personal data erased', { key: `${e.eventId}:${r.lead_id}` });
          break;
        }
        case 'AutomatedTextHeld': {
          const row = await rowOf(e.data.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, summaries.textHeld(e.data.reason, e.data.localUntil), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'AutomatedTextSkipped': {
          const row = await rowOf(e.data.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, summaries.textSkipped(e.data.errorCode), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'AutomatedTextWithdrawn': {
          const row = await rowOf(e.data.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, summaries.reminderWithdrawn(e.data), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'AutomatedEmailSkipped': {
          const row = await rowOf(e.data.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, clip(`E-mail not sent: ${e.data.reason}`), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'EmailDeliveryReported': {
          // Mail to a lead outside the thread (a showing's notice) whose Message-ID names the lead: the report is a line of
          // that lead's. A thread's e-mail shows it on the thread; a temporary failure is the relay's to retry.
          const m = e.data.message;
          if (!m?.leadId || m.messageId || e.data.outcome === 'temporary') break;
          const row = await rowOf(m.leadId);
          if (row) addEntry(ctx, e, row.lead_id, row.site_id, summaries.mailReport(m.outbox, e.data), { mergedFrom: row.merged_from ?? null });
          break;
        }
        case 'ConsentWordingUnclear': {
          // Not a revocation: a question for whoever holds the lead, live on their dashboard, until they confirm or leave it.
          const row = await rowOf(e.data.leadId);
          if (!row) break;
          const summary = summaries.consentUnclear(e.data.channel);
          const id = addEntry(ctx, e, row.lead_id, row.site_id, summary, { mergedFrom: row.merged_from ?? null });
          const to = leadRooms(row);
          if (to.length) ctx.push({ to, name: 'lead.activity', payload: { leadId: row.lead_id, type: e.type, at, summary, eventId: id } });
          break;
        }
        case 'BehaviourAlertRaised': {
          // Issue 19 part 2: the alert is a line of the lead's timeline, live on the dashboards; not the lead's activity (their doing already counted).
          const row = await rowOf(e.data.leadId);
          if (!row) break;
          const summary = clip(`Alert: ${e.data.reason}`);
          const id = addEntry(ctx, e, row.lead_id, row.site_id, summary, { mergedFrom: row.merged_from ?? null });
          const to = leadRooms(row);
          if (to.length) ctx.push({ to, name: 'lead.activity', payload: { leadId: row.lead_id, type: e.type, at, summary, eventId: id } });
          break;
        }
        default:
          assertNever(e);
      }
    }
  },
};

/**
 * A timeline entry; one event can make several (a preference change for each lead of the
 * account), hence the key. `pdid`: the home the summary names (HOME), addressed when read.
 */
function addEntry(ctx: ProjectionContext, e: StoredEvent, leadId: string, siteId: string, summary: string, more: Entry = {}): string {
  const id = more.key ? uuidFrom(more.key) : e.eventId;
  ctx.write(
    `INSERT INTO ${ctx.table('lead_timeline')} (event_id, lead_id, site_id, type, at, summary, pdid, tx_id, global_position, merged_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING`,
    [id, leadId, siteId, e.type, e.metadata.at, summary, more.pdid ?? null, e.transactionId.toString(), e.globalPosition.toString(), more.mergedFrom ?? null],
  );
  return id;
}

/** `mergedFrom`: the merged lead the entry belongs to while it shows under the survivor. */
type Entry = { readonly key?: string; readonly pdid?: string | null; readonly mergedFrom?: string | null };

/** Something the lead did or was sent: a timeline entry, and a push once the lead is assigned. */
async function activity(ctx: ProjectionContext, e: StoredEvent, row: LeadRow | undefined, summary: string, more: Entry = {}): Promise<void> {
  if (!row) return;
  const id = addEntry(ctx, e, row.lead_id, row.site_id, summary, { ...more, mergedFrom: row.merged_from ?? null });
  const to = leadRooms(row);
  // The live line says 'a home' where the timeline, read, names its address.
  if (to.length)
    ctx.push({
      to,
      name: 'lead.activity',
      payload: { leadId: row.lead_id, type: e.type, at: e.metadata.at, summary: withHome(summary, 'a home'), eventId: id },
    });
}

/** A stable uuid-shaped id for a derived entry (event id + lead id). */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
