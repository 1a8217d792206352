import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import { type LeadEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { hasLeadRow, MergedLeads } from '../lead-rows';

type Handled = Exclude<LeadEvent, { type: 'InquirySubmitted' | 'LeadTagsChanged' | 'LeadContactEdited' }> | AccountsMerged | AccountsUnmerged | PersonErased;

/** A merged lead (issue 18) is set aside: one person counts once in every report until it is unmerged. */
const merges = new MergedLeads('report_lead_merges', [], ['report_leads']);

/**
 * The reports page's facts, one row per lead (issue 15 §8): where it came from, when, whose it
 * is, when an agent first reached it and every stage it has been in. Kept apart from lead_feed
 * so that a report's aggregates never slow the live list, and so that "reached a stage" survives
 * the lead moving on.
 */
export const leadReportsProjection: Projection = {
  name: 'lead_reports',
  // 2: a merged lead is set aside (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  version: 3,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadFirstContacted',
    'LeadStageChanged',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['report_leads', 'report_lead_merges', 'report_leads_parked'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('report_leads')} (
      lead_id uuid PRIMARY KEY,
      site_id uuid NOT NULL,
      source text NOT NULL,
      created_at timestamptz NOT NULL,
      agent_id uuid,
      office_id uuid,
      first_contact_at timestamptz,
      stages text[] NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('report_leads')} (office_id, created_at)`);
    await tx.query(`CREATE INDEX ON ${t('report_leads')} (agent_id, created_at)`);
    await tx.query(`CREATE INDEX ON ${t('report_leads')} (created_at)`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const leads = table('report_leads');
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'LeadCaptured':
          await tx.query(
            `INSERT INTO ${leads} (lead_id, site_id, source, created_at, stages) VALUES ($1, $2, $3, $4, ARRAY['New']) ON CONFLICT (lead_id) DO NOTHING`,
            [e.data.leadId, e.data.siteId, e.data.source, e.metadata.at],
          );
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
          await merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.agentId,
            e.data.officeId,
          ]);
          break;
        case 'LeadPutInPond':
          await merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET agent_id = NULL, office_id = $2 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.officeId,
          ]);
          break;
        case 'LeadFirstContacted':
          await merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET first_contact_at = coalesce(first_contact_at, $2) WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.at,
          ]);
          break;
        case 'LeadStageChanged':
          // A set: moving back and forth counts a stage once.
          await merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET stages = array_append(stages, $2) WHERE lead_id = $1 AND NOT ($2 = ANY (stages))`, [
            e.data.leadId,
            e.data.stage,
          ]);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          await merges.apply(ctx, e, hasLeadRow(tx, leads));
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
