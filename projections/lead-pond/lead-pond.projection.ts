import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import { type LeadEvent, type LeadOwnerEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { type OfficeEvent } from '../../src/modules/office/office.events';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { MergedLeads } from '../lead-rows';

type Handled =
  | Extract<OfficeEvent, { type: 'OfficeSettingsChanged' | 'RoutingRulesChanged' }>
  | LeadOwnerEvent
  | Extract<LeadEvent, { type: 'LeadFirstContacted' }>
  | AccountsMerged
  | AccountsUnmerged
  | PersonErased;

/** A merged lead's deadline is set aside (issue 18): a hidden duplicate never goes to the pond; an unmerge brings it back. */
const merges = new MergedLeads('pond_merges', [], ['pond_deadlines']);

/**
 * When each lead of an office with a pond must have been contacted (issue 15): the deadline is
 * set when the lead is assigned (or reassigned) to an agent, as the assignment's time plus the
 * claim window the office had then; first contact, the pond, a claim and turning the pond off
 * clear it. Only leads of the office's own sites count: an agent's own site's leads are theirs.
 * What the claim-window reactor asks for is the deadlines passed; it decides on the lead's
 * stream and the office's, so a late or stale row here never moves a lead by mistake.
 */
export const leadPondProjection: Projection = {
  name: 'lead_pond',
  // 2: a merged lead's deadline is set aside (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  // 4: the pond of an applied routing rule set (issue 19).
  // 5: the office id columns named office_id, as in every read model.
  version: 5,
  eventTypes: handledTypes<Handled>()([
    'OfficeSettingsChanged',
    'RoutingRulesChanged',
    ...leadOwnerEventTypes,
    'LeadFirstContacted',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['pond_offices', 'pond_deadlines', 'pond_merges', 'pond_deadlines_parked'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('pond_offices')} (office_id uuid PRIMARY KEY, enabled boolean NOT NULL, window_minutes int NOT NULL)`);
    await tx.query(`CREATE TABLE ${t('pond_deadlines')} (
      lead_id uuid PRIMARY KEY,
      office_id uuid,
      agent_id uuid,
      office_lead boolean NOT NULL,
      contacted boolean NOT NULL DEFAULT false,
      due_at timestamptz
    )`);
    await tx.query(`CREATE INDEX ON ${t('pond_deadlines')} (due_at) WHERE due_at IS NOT NULL`);
    await tx.query(`CREATE INDEX ON ${t('pond_deadlines')} (office_id) WHERE due_at IS NOT NULL`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { table } = ctx;
    const leads = table('pond_deadlines');
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'OfficeSettingsChanged':
        case 'RoutingRulesChanged': {
          const pond = e.type === 'RoutingRulesChanged' ? e.data.rules.pond : e.data.changes.pond;
          if (!pond) break;
          ctx.write(
            `INSERT INTO ${table('pond_offices')} (office_id, enabled, window_minutes) VALUES ($1, $2, $3)
             ON CONFLICT (office_id) DO UPDATE SET enabled = excluded.enabled, window_minutes = excluded.window_minutes`,
            [e.data.officeId, pond.enabled, pond.claimWindowMinutes],
          );
          // Turned off: the deadlines running end (turning it on again starts with new assignments, never floods the pond with old leads).
          if (!pond.enabled)
            merges.update(ctx, 'pond_deadlines', (t) => `UPDATE ${t} SET due_at = NULL WHERE office_id = $1 AND due_at IS NOT NULL`, [e.data.officeId]);
          break;
        }
        case 'LeadAssigned':
          ctx.write(
            `INSERT INTO ${leads} (lead_id, office_id, agent_id, office_lead, due_at) VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN ${deadline(ctx, '$2', '$5')} END)
             ON CONFLICT (lead_id) DO UPDATE SET office_id = excluded.office_id, agent_id = excluded.agent_id, office_lead = excluded.office_lead,
               due_at = CASE WHEN ${leads}.contacted THEN NULL ELSE excluded.due_at END`,
            [e.data.leadId, e.data.officeId, e.data.agentId, e.data.rule !== 'own-site', at],
          );
          break;
        case 'LeadReassigned':
          merges.update(
            ctx,
            'pond_deadlines',
            (t) =>
              `UPDATE ${t} SET office_id = $2, agent_id = $3, due_at = CASE WHEN office_lead AND NOT contacted THEN ${deadline(ctx, '$2', '$4')} END WHERE lead_id = $1`,
            [e.data.leadId, e.data.officeId, e.data.agentId, at],
          );
          break;
        case 'LeadFirstContacted':
          merges.update(ctx, 'pond_deadlines', (t) => `UPDATE ${t} SET contacted = true, due_at = NULL WHERE lead_id = $1`, [e.data.leadId]);
          break;
        case 'LeadPutInPond':
          ctx.write(
            `INSERT INTO ${leads} (lead_id, office_id, agent_id, office_lead) VALUES ($1, $2, NULL, true)
             ON CONFLICT (lead_id) DO UPDATE SET office_id = excluded.office_id, agent_id = NULL, due_at = NULL`,
            [e.data.leadId, e.data.officeId],
          );
          break;
        case 'LeadClaimed':
          // The claimer chose the lead: no new deadline (it would bounce between pond and agents).
          merges.update(ctx, 'pond_deadlines', (t) => `UPDATE ${t} SET office_id = $2, agent_id = $3, due_at = NULL WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.officeId,
            e.data.agentId,
          ]);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          // A lead without a deadline row has nothing to set aside (fold moves nothing, and records the merge for the unmerge).
          await merges.apply(ctx, e, async () => true);
          break;
        case 'PersonErased':
          // Issue 18: the name kept for a merge of the person's leads goes (a rebuild ends the same).
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
  },
};

/** The SQL for "assigned at `at` in office `office`": at + the office's claim window while its pond is on with a window, else NULL. */
const deadline = (ctx: ProjectionContext, office: string, at: string) =>
  `(SELECT ${at}::timestamptz + o.window_minutes * interval '1 minute' FROM ${ctx.table('pond_offices')} o WHERE o.office_id = ${office}::uuid AND o.enabled AND o.window_minutes > 0)`;
