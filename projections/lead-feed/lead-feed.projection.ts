import { createHash } from 'node:crypto';
import type { AccountEvent } from '../../src/modules/accounts/accounts.events';
import type { ChatEvent } from '../../src/modules/chat/chat.events';
import type { LeadActivityEvent, LeadEvent, LeadMessageEvent, LeadNoteWritten, ListingMailEvent } from '../../src/modules/leads/leads.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { handledTypes, type Projection, type ProjectionContext } from '../runner';
import { summaries } from './timeline-summary';
import { type OrganizerTimelineEvent, organizerSummary, organizerTimelineTypes } from './organizer-timeline';
import { listingMailSummary, listingMailTimelineTypes } from './listing-mail-timeline';

type Handled =
  | LeadEvent
  | LeadActivityEvent
  | LeadMessageEvent
  | LeadNoteWritten
  | Extract<ChatEvent, { type: 'ChatMessageSent' }>
  | Extract<AccountEvent, { type: 'ConsentChanged' | 'CellPhoneChanged' }>
  | OrganizerTimelineEvent
  | ListingMailEvent;

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
};
const ROW = 'lead_id, user_id, site_id, full_name, lead_type, source, assigned_agent_id, office_id, in_pond, created_at';

/** The rooms of a pond's news: the office (its agents and broker) and staff. */
const pondRooms = (officeId: string) => [`office:${officeId}`, 'staff'];

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
  // 4: notes in the timeline (who added one; the text stays in the notes panel, so a deleted note leaves no words behind).
  version: 4,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    'InquirySubmitted',
    'LeadAssigned',
    'LeadReassigned',
    'LeadStageChanged',
    'LeadFirstContacted',
    'LeadTagsChanged',
    'LeadContactEdited',
    'LeadPutInPond',
    'LeadClaimed',
    'ListingViewed',
    'SearchRun',
    'TextMessageSent',
    'LeadNoteWritten',
    'ChatMessageSent',
    'ConsentChanged',
    'CellPhoneChanged',
    ...organizerTimelineTypes,
    ...listingMailTimelineTypes,
  ]),
  tables: ['lead_feed', 'lead_timeline'],
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
      last_activity_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (assigned_agent_id, last_activity_at DESC)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (office_id, last_activity_at DESC)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (last_activity_at DESC, lead_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (user_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_feed')} (assigned_tx, assigned_gp)`);
    await tx.query(`CREATE TABLE ${t('lead_timeline')} (
      event_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      site_id uuid NOT NULL,
      type text NOT NULL,
      at timestamptz NOT NULL,
      summary text NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (lead_id, at)`);
    await tx.query(`CREATE INDEX ON ${t('lead_timeline')} (tx_id, global_position)`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const feed = table('lead_feed');
    const rowOf = async (leadId: string) =>
      (await tx.query<FeedRow>(`SELECT ${ROW} FROM ${feed} WHERE lead_id = $1`, [leadId])).rows[0];
    for (const stored of events) {
      const e = stored as unknown as Handled & typeof stored;
      const at = e.metadata.at;
      switch (e.type) {
        case 'LeadCaptured': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${feed} (lead_id, user_id, site_id, full_name, email, phone, lead_type, source, listing_pdid, created_at, last_activity_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (lead_id) DO NOTHING`,
            [d.leadId, d.userId, d.siteId, d.fullName, d.email, d.phone, d.leadType, d.source, d.listingPdid, at],
          );
          await addEntry(ctx, stored, d.leadId, d.siteId, summaries.captured(d.leadType, d.source));
          break;
        }
        case 'InquirySubmitted':
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.inquiry(e.data.leadType, e.data.listingPdid, e.data.message));
          break;
        case 'LeadAssigned':
        case 'LeadReassigned': {
          const before = await rowOf(e.data.leadId);
          if (!before) break;
          await tx.query(`UPDATE ${feed} SET assigned_agent_id = $2, office_id = $3, assigned_tx = $4, assigned_gp = $5, in_pond = false WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.agentId,
            e.data.brokerId,
            stored.transactionId.toString(),
            stored.globalPosition.toString(),
          ]);
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.brokerId, in_pond: false };
          const summary = e.type === 'LeadAssigned' ? summaries.assigned(e.data.rule) : summaries.reassigned();
          await addEntry(ctx, stored, e.data.leadId, before.site_id, summary);
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
        case 'LeadStageChanged':
          await tx.query(`UPDATE ${feed} SET stage = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.stage]);
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.stage(e.data.stage, e.data.byUserId));
          break;
        case 'LeadFirstContacted':
          await tx.query(
            `UPDATE ${feed} SET status = 'contacted', first_contact_at = coalesce(first_contact_at, $2), last_contact_at = greatest(last_contact_at, $2) WHERE lead_id = $1`,
            [e.data.leadId, e.data.at],
          );
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.firstContact(e.data.via));
          break;
        case 'LeadTagsChanged':
          await tx.query(`UPDATE ${feed} SET tags = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.tags]);
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.tags(e.data.tags));
          break;
        case 'LeadContactEdited':
          await tx.query(`UPDATE ${feed} SET full_name = $2, email = $3, phone = $4 WHERE lead_id = $1`, [e.data.leadId, e.data.fullName, e.data.email, e.data.phone]);
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.contactEdited());
          break;
        case 'LeadPutInPond': {
          const before = await rowOf(e.data.leadId);
          if (!before) break;
          // Its position as an assignment's: an agent of the office reconnecting is sent it (feed/since) like a new lead.
          await tx.query(`UPDATE ${feed} SET assigned_agent_id = NULL, office_id = $2, in_pond = true, assigned_tx = $3, assigned_gp = $4 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.brokerId,
            stored.transactionId.toString(),
            stored.globalPosition.toString(),
          ]);
          await addEntry(ctx, stored, e.data.leadId, before.site_id, summaries.pond(e.data.reason));
          ctx.push({
            to: pondRooms(e.data.brokerId),
            name: 'lead.pond',
            payload: { leadId: e.data.leadId, fullName: before.full_name, leadType: before.lead_type, at, reason: e.data.reason, fromAgentId: e.data.fromAgentId },
          });
          break;
        }
        case 'LeadClaimed': {
          const before = await rowOf(e.data.leadId);
          if (!before) break;
          await tx.query(
            `UPDATE ${feed} SET assigned_agent_id = $2, office_id = $3, in_pond = false, assigned_tx = $4, assigned_gp = $5 WHERE lead_id = $1`,
            [e.data.leadId, e.data.agentId, e.data.brokerId, stored.transactionId.toString(), stored.globalPosition.toString()],
          );
          await addEntry(ctx, stored, e.data.leadId, before.site_id, summaries.claimed());
          const after = { ...before, assigned_agent_id: e.data.agentId, office_id: e.data.brokerId, in_pond: false };
          ctx.push({ to: leadRooms(after), name: 'lead.captured', payload: capturedPayload(after) });
          ctx.push({ to: pondRooms(e.data.brokerId), name: 'lead.claimed', payload: { leadId: e.data.leadId, agentId: e.data.agentId, at } });
          break;
        }
        case 'ListingViewed':
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.viewed(e.data.address, e.data.pdid, e.data.price));
          break;
        case 'SearchRun':
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.searched(e.data.title));
          break;
        case 'TextMessageSent':
          await tx.query(`UPDATE ${feed} SET status = 'contacted' WHERE lead_id = $1`, [e.data.leadId]);
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.text(e.data.kind, e.data.body));
          break;
        case 'LeadNoteWritten':
          await activity(ctx, stored, await rowOf(e.data.leadId), summaries.note(e.data.authorName));
          break;
        case 'ChatMessageSent': {
          const row = await rowOf(e.data.leadId);
          const fromLead = row?.user_id === e.data.fromUserId;
          if (row && !fromLead) await tx.query(`UPDATE ${feed} SET status = 'contacted' WHERE lead_id = $1`, [e.data.leadId]);
          await activity(ctx, stored, row, summaries.chat(fromLead, e.data.text));
          break;
        }
        case 'ConsentChanged':
        case 'CellPhoneChanged': {
          const summary =
            e.type === 'ConsentChanged' ? summaries.consent(e.data.channel, e.data.granted, e.data.how) : summaries.cellPhone(e.data.cellPhone);
          if (e.type === 'CellPhoneChanged') await tx.query(`UPDATE ${feed} SET phone = coalesce($2, phone) WHERE user_id = $1`, [e.data.userId, e.data.cellPhone]);
          // One account can be a lead of several sites: each of its leads shows the change.
          const { rows } = await tx.query<FeedRow>(
            `SELECT ${ROW} FROM ${feed} WHERE user_id = $1`,
            [e.data.userId],
          );
          for (const row of rows) await activity(ctx, stored, row, summary, `${e.eventId}:${row.lead_id}`);
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
          await activity(ctx, stored, await rowOf(e.data.leadId), organizerSummary(e));
          break;
        case 'ListingsSentToLead':
        case 'ListingEmailOpened':
        case 'ListingEmailClicked':
          await activity(ctx, stored, await rowOf(e.data.leadId), listingMailSummary(e));
          break;
        default:
          assertNever(e);
      }
    }
  },
};

const capturedPayload = (r: FeedRow) => ({ leadId: r.lead_id, fullName: r.full_name, leadType: r.lead_type, at: r.created_at.toISOString() });

/** A timeline entry; one event can make several (a preference change for each lead of the account), hence the key. */
async function addEntry(ctx: ProjectionContext, e: StoredEvent, leadId: string, siteId: string, summary: string, key?: string): Promise<string> {
  const id = key ? uuidFrom(key) : e.eventId;
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('lead_timeline')} (event_id, lead_id, site_id, type, at, summary, tx_id, global_position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
    [id, leadId, siteId, e.type, e.metadata.at, summary, e.transactionId.toString(), e.globalPosition.toString()],
  );
  return id;
}

/** Something the lead did or was sent: a timeline entry, newest activity, and a push once assigned. */
async function activity(ctx: ProjectionContext, e: StoredEvent, row: FeedRow | undefined, summary: string, key?: string): Promise<void> {
  if (!row) return;
  const id = await addEntry(ctx, e, row.lead_id, row.site_id, summary, key);
  await ctx.tx.query(`UPDATE ${ctx.table('lead_feed')} SET last_activity_at = greatest(last_activity_at, $2) WHERE lead_id = $1`, [row.lead_id, e.metadata.at]);
  const to = leadRooms(row);
  if (to.length) ctx.push({ to, name: 'lead.activity', payload: { leadId: row.lead_id, type: e.type, at: e.metadata.at, summary, eventId: id } });
}

/** A stable uuid-shaped id for a derived entry (event id + lead id). */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
