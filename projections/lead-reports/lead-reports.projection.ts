import { type LeadEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection, setLeadOwner } from '../runner';

type Handled = Exclude<LeadEvent, { type: 'InquirySubmitted' | 'LeadTagsChanged' | 'LeadContactEdited' }>;

/**
 * The reports page's facts, one row per lead (issue 15 §8): where it came from, when, whose it
 * is, when an agent first reached it and every stage it has been in. Kept apart from lead_feed
 * so that a report's aggregates never slow the live list, and so that "reached a stage" survives
 * the lead moving on.
 */
export const leadReportsProjection: Projection = {
  name: 'lead_reports',
  version: 1,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadFirstContacted',
    'LeadStageChanged',
  ]),
  tables: ['report_leads'],
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
  },
  async apply(events, { tx, table }) {
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
        case 'LeadPutInPond':
          await setLeadOwner(tx, leads, 'office_id', e);
          break;
        case 'LeadFirstContacted':
          await tx.query(`UPDATE ${leads} SET first_contact_at = coalesce(first_contact_at, $2) WHERE lead_id = $1`, [e.data.leadId, e.data.at]);
          break;
        case 'LeadStageChanged':
          // A set: moving back and forth counts a stage once.
          await tx.query(`UPDATE ${leads} SET stages = array_append(stages, $2) WHERE lead_id = $1 AND NOT ($2 = ANY (stages))`, [e.data.leadId, e.data.stage]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
