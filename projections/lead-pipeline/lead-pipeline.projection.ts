import type { ChatEvent } from '../../src/modules/conversation/conversation.events';
import { type CallLogged, type LeadMessageEvent } from '../../src/modules/conversation/conversation.events';
import { type ContactChannel, type LeadEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { DEFAULT_PIPELINE, NEW_STAGE, nextPipeline, type OfficeSettingsChanged, type Pipeline, stageTarget } from '../../src/modules/office/office.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';

type Handled =
  | Exclude<LeadEvent, { type: 'InquirySubmitted' | 'LeadTagsChanged' | 'LeadContactEdited' }>
  | LeadMessageEvent
  | Extract<ChatEvent, { type: 'ChatMessageSent' }>
  | CallLogged
  | OfficeSettingsChanged;

/** The in-process signals this read model gives its reactors once it found work for them. */
export const FIRST_CONTACT_SIGNAL = 'leads.firstContact';
export const STAGE_MOVES_SIGNAL = 'leads.stageMoves';

/**
 * An office's action on a lead, and how (the via of LeadFirstContacted), or null when the event
 * is not one. A call the agent logged is one (via 'call'); sent e-mails join here too (via 'email').
 */
function contactOf(e: Handled): { readonly leadId: string; readonly via: ContactChannel; readonly byUserId: string } | null {
  switch (e.type) {
    case 'TextMessageSent':
      return { leadId: e.data.leadId, via: 'text', byUserId: e.data.byUserId };
    case 'ChatMessageSent':
      return { leadId: e.data.leadId, via: 'chat', byUserId: e.data.fromUserId };
    case 'CallLogged':
      return { leadId: e.data.leadId, via: 'call', byUserId: e.data.byUserId };
    case 'LeadStageChanged':
      return e.data.byUserId ? { leadId: e.data.leadId, via: 'stage', byUserId: e.data.byUserId } : null;
    default:
      return null;
  }
}

/**
 * The work of the leads' pipeline reactors, kept in log order: each lead's stage and office, each
 * office's pipeline, the leads whose stage left their office's pipeline and where they go
 * (`move_to`, for the stage mover), and the first action of the office on a lead not yet
 * contacted (`contact_*`, for the first-contact reactor). The reactors decide on the streams;
 * this only finds what to look at, so a stale row costs a look and nothing else.
 */
export const leadPipelineProjection: Projection = {
  name: 'lead_pipeline',
  // 2: logged calls are first contact (issue 16).
  version: 2,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadStageChanged',
    'LeadFirstContacted',
    'TextMessageSent',
    'ChatMessageSent',
    'CallLogged',
    'OfficeSettingsChanged',
  ]),
  tables: ['pipeline_leads', 'pipeline_offices'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('pipeline_leads')} (
      lead_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      office_id uuid,
      stage text NOT NULL,
      move_to text,
      contacted boolean NOT NULL DEFAULT false,
      contact_via text,
      contact_by uuid,
      contact_at timestamptz,
      contact_event_id uuid
    )`);
    await tx.query(`CREATE INDEX ON ${t('pipeline_leads')} (office_id, stage)`);
    await tx.query(`CREATE INDEX ON ${t('pipeline_leads')} (lead_id) WHERE move_to IS NOT NULL`);
    await tx.query(`CREATE INDEX ON ${t('pipeline_leads')} (contact_at) WHERE contact_via IS NOT NULL AND NOT contacted`);
    await tx.query(`CREATE TABLE ${t('pipeline_offices')} (office_id uuid PRIMARY KEY, stages text[] NOT NULL, moves jsonb NOT NULL)`);
  },
  async apply(events, ctx) {
    const { table } = ctx;
    const leads = table('pipeline_leads');
    let contacts = 0;
    let moves = 0;
    // Leads whose stage or office changed: placed once, at the end of the batch (see placeLeads).
    const toPlace = new Set<string>();
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'LeadCaptured':
          ctx.write(`INSERT INTO ${leads} (lead_id, user_id, stage) VALUES ($1, $2, $3) ON CONFLICT (lead_id) DO NOTHING`, [
            e.data.leadId,
            e.data.userId,
            NEW_STAGE,
          ]);
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadPutInPond':
        case 'LeadClaimed':
          ctx.write(`UPDATE ${leads} SET office_id = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.officeId]);
          toPlace.add(e.data.leadId);
          break;
        case 'LeadStageChanged':
          ctx.write(`UPDATE ${leads} SET stage = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.stage]);
          toPlace.add(e.data.leadId);
          break;
        case 'LeadFirstContacted':
          ctx.write(
            `UPDATE ${leads} SET contacted = true, contact_via = NULL, contact_by = NULL, contact_at = NULL, contact_event_id = NULL WHERE lead_id = $1`,
            [e.data.leadId],
          );
          break;
        case 'TextMessageSent':
        case 'ChatMessageSent':
        case 'CallLogged':
          break;
        case 'OfficeSettingsChanged':
          if (e.data.changes.stages) {
            // The leads changed before it are placed in the pipeline they were changed under.
            moves += await placeLeads(ctx, toPlace);
            moves += await changePipeline(ctx, e.data.officeId, e.data.changes.stages, e.data);
          }
          break;
        default:
          assertNever(e);
      }
      const contact = contactOf(e);
      if (contact) contacts += await firstAction(ctx, e, contact);
    }
    moves += await placeLeads(ctx, toPlace);
    if (contacts > 0) ctx.signal({ signal: FIRST_CONTACT_SIGNAL, payload: { count: contacts } });
    if (moves > 0) ctx.signal({ signal: STAGE_MOVES_SIGNAL, payload: { count: moves } });
  },
};

/** The office's first action on a lead not yet contacted (the lead's own chat is none); later ones wait behind it. */
async function firstAction(ctx: ProjectionContext, e: StoredEvent, c: NonNullable<ReturnType<typeof contactOf>>): Promise<number> {
  const { rowCount } = await ctx.tx.query(
    `UPDATE ${ctx.table('pipeline_leads')} SET contact_via = $2, contact_by = $3, contact_at = $4, contact_event_id = $5
      WHERE lead_id = $1 AND NOT contacted AND contact_via IS NULL AND user_id <> $3`,
    [c.leadId, c.via, c.byUserId, e.metadata.at, e.eventId],
  );
  return rowCount ?? 0;
}

async function pipelineOf(ctx: ProjectionContext, officeId: string | null): Promise<Pipeline> {
  if (!officeId) return DEFAULT_PIPELINE;
  const { rows } = await ctx.tx.query<{ stages: string[]; moves: Record<string, string> }>(
    `SELECT stages, moves FROM ${ctx.table('pipeline_offices')} WHERE office_id = $1`,
    [officeId],
  );
  return rows[0] ?? DEFAULT_PIPELINE;
}

/**
 * Where each lead belongs in its office's pipeline, as its last change in the batch left it:
 * move_to when that is not where it is. Each placement overwrites the one before, so one per lead
 * at the end of the batch leaves what one per change left, in one read for the batch (an import
 * assigns thousands of leads). Empties `leadIds`; answers how many leads have a move to make.
 */
async function placeLeads(ctx: ProjectionContext, leadIds: Set<string>): Promise<number> {
  if (leadIds.size === 0) return 0;
  const leads = ctx.table('pipeline_leads');
  const { rows } = await ctx.tx.query<{ lead_id: string; stage: string; stages: string[] | null; moves: Record<string, string> | null }>(
    `SELECT l.lead_id, l.stage, o.stages, o.moves FROM ${leads} l LEFT JOIN ${ctx.table('pipeline_offices')} o ON o.office_id = l.office_id
      WHERE l.lead_id = ANY($1::uuid[])`,
    [[...leadIds]],
  );
  leadIds.clear();
  let moves = 0;
  for (const row of rows) {
    const target = stageTarget(row.stage, row.stages && row.moves ? { stages: row.stages, moves: row.moves } : DEFAULT_PIPELINE);
    const moveTo = target !== null && target !== row.stage ? target : null;
    ctx.write(`UPDATE ${leads} SET move_to = $2 WHERE lead_id = $1`, [row.lead_id, moveTo]);
    if (moveTo) moves++;
  }
  return moves;
}

/** The office's new pipeline, and where each of its leads in a stage that left it now belongs. */
async function changePipeline(ctx: ProjectionContext, officeId: string, stages: readonly string[], d: OfficeSettingsChanged['data']): Promise<number> {
  const leads = ctx.table('pipeline_leads');
  const next = nextPipeline(await pipelineOf(ctx, officeId), stages, d.stageMoves ?? []);
  await ctx.tx.query(
    `INSERT INTO ${ctx.table('pipeline_offices')} (office_id, stages, moves) VALUES ($1, $2, $3)
     ON CONFLICT (office_id) DO UPDATE SET stages = excluded.stages, moves = excluded.moves`,
    [officeId, next.stages, JSON.stringify(next.moves)],
  );
  await ctx.tx.query(`UPDATE ${leads} SET move_to = NULL WHERE office_id = $1 AND move_to IS NOT NULL AND stage = ANY($2)`, [officeId, next.stages]);
  const { rows } = await ctx.tx.query<{ stage: string }>(`SELECT DISTINCT stage FROM ${leads} WHERE office_id = $1 AND NOT (stage = ANY($2))`, [
    officeId,
    next.stages,
  ]);
  let moved = 0;
  for (const { stage } of rows) {
    const target = stageTarget(stage, next);
    const { rowCount } = await ctx.tx.query(`UPDATE ${leads} SET move_to = $3 WHERE office_id = $1 AND stage = $2`, [officeId, stage, target]);
    if (target !== null) moved += rowCount ?? 0;
  }
  return moved;
}
