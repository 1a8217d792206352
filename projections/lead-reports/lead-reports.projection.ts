import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import {
  type AutomatedEmailSkipped,
  type EmailDeliveryReported,
  emailAddressHash,
  type TextDeliveryReported,
} from '../../src/modules/compliance/compliance.events';
import type { TextMessageSent } from '../../src/modules/conversation/conversation.events';
import { type LeadEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { hasLeadRow, MergedLeads } from '../lead-rows';

type Handled =
  | Exclude<LeadEvent, { type: 'InquirySubmitted' | 'LeadTagsChanged' }>
  | AccountsMerged
  | AccountsUnmerged
  | PersonErased
  | TextMessageSent
  | TextDeliveryReported
  | EmailDeliveryReported
  | AutomatedEmailSkipped;

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
  // 4: texts not delivered and e-mails bounced, per lead (the office's and agent's counts join report_leads).
  // 5: each undelivered message counts for the agent who sent it (or whose automation did) and the lead's office then, not the lead's holder now.
  // 6: a CRM e-mail held back at sending (its address bounced or complained before) counts as undelivered for its writer.
  // 7: a bounce of other mail counts once per office (the lead it was for when its Message-ID names it), not once per lead with the address.
  version: 7,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadFirstContacted',
    'LeadStageChanged',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
    'LeadContactEdited',
    'TextMessageSent',
    'TextDeliveryReported',
    'EmailDeliveryReported',
    'AutomatedEmailSkipped',
  ]),
  tables: ['report_leads', 'report_lead_merges', 'report_leads_parked', 'report_texts', 'report_lead_addresses', 'report_email_bounces'],
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
    // A text by its provider's id: the carrier's report may come before the text is recorded (lead, sender, office and at come with the text).
    await tx.query(
      `CREATE TABLE ${t('report_texts')} (provider_id text PRIMARY KEY, lead_id uuid, agent_id uuid, office_id uuid, at timestamptz, state text NOT NULL)`,
    );
    await tx.query(`CREATE INDEX ON ${t('report_texts')} (at) WHERE state IN ('undelivered', 'failed')`);
    // The address only as the hash its bounces are kept under: no address in the reports.
    await tx.query(`CREATE TABLE ${t('report_lead_addresses')} (lead_id uuid PRIMARY KEY, address_hash text NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('report_lead_addresses')} (address_hash)`);
    // A bounce or complaint per lead it concerns, with who sent the e-mail and the lead's office then.
    await tx.query(`CREATE TABLE ${t('report_email_bounces')} (
      event_id uuid NOT NULL,
      lead_id uuid NOT NULL,
      agent_id uuid,
      office_id uuid,
      at timestamptz NOT NULL,
      PRIMARY KEY (event_id, lead_id)
    )`);
    await tx.query(`CREATE INDEX ON ${t('report_email_bounces')} (at)`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const leads = table('report_leads');
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'LeadCaptured':
          setAddress(ctx, e.data.leadId, e.data.email);
          ctx.write(
            `INSERT INTO ${leads} (lead_id, site_id, source, created_at, stages) VALUES ($1, $2, $3, $4, ARRAY['New']) ON CONFLICT (lead_id) DO NOTHING`,
            [e.data.leadId, e.data.siteId, e.data.source, e.metadata.at],
          );
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
          merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET agent_id = $2, office_id = $3 WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.agentId,
            e.data.officeId,
          ]);
          break;
        case 'LeadPutInPond':
          merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET agent_id = NULL, office_id = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.officeId]);
          break;
        case 'LeadFirstContacted':
          merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET first_contact_at = coalesce(first_contact_at, $2) WHERE lead_id = $1`, [
            e.data.leadId,
            e.data.at,
          ]);
          break;
        case 'LeadStageChanged':
          // A set: moving back and forth counts a stage once.
          merges.update(ctx, 'report_leads', (t) => `UPDATE ${t} SET stages = array_append(stages, $2) WHERE lead_id = $1 AND NOT ($2 = ANY (stages))`, [
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
          ctx.write(`DELETE FROM ${table('report_lead_addresses')} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        case 'LeadContactEdited':
          setAddress(ctx, e.data.leadId, e.data.email);
          break;
        case 'TextMessageSent':
          // The sender (the agent, or the agent whose plan sent it) and the lead's office as they are now, when it is sent.
          await tx.query(
            `INSERT INTO ${table('report_texts')} (provider_id, lead_id, agent_id, office_id, at, state)
             VALUES ($1, $2, $4, (SELECT office_id FROM ${everyLead(table)} l WHERE lead_id = $2), $3, 'queued')
             ON CONFLICT (provider_id) DO UPDATE SET lead_id = excluded.lead_id, agent_id = excluded.agent_id, office_id = excluded.office_id, at = excluded.at`,
            [e.data.providerId, e.data.leadId, e.metadata.at, e.data.byUserId],
          );
          break;
        case 'TextDeliveryReported':
          ctx.write(
            `INSERT INTO ${table('report_texts')} (provider_id, state) VALUES ($1, $2) ON CONFLICT (provider_id) DO UPDATE SET state = excluded.state`,
            [e.data.providerId, e.data.state],
          );
          break;
        case 'EmailDeliveryReported':
          // A temporary failure is retried by the relay: only what never arrives counts.
          if (e.data.outcome === 'bounced' || e.data.outcome === 'complained') await countBounce(ctx, e.eventId, e.data);
          break;
        case 'AutomatedEmailSkipped':
          // A CRM e-mail (it names its writer) that never left: undelivered, for who wrote it and the lead's office then.
          if (e.data.byUserId) await countForWriter(ctx, e.eventId, e.data.leadId, e.data.byUserId, e.metadata.at);
          break;
        default:
          assertNever(e);
      }
    }
  },
};

/**
 * Every lead's own row, a lead folded into another by a merge included (its row is set aside in
 * the parked twin meanwhile): what a message counts for must not depend on whether its lead was
 * merged at the time, so that an unmerge leaves the reports as if it never was.
 */
const everyLead = (table: (base: string) => string) =>
  `(SELECT lead_id, agent_id, office_id FROM ${table('report_leads')} UNION ALL SELECT lead_id, agent_id, office_id FROM ${table('report_leads_parked')})`;

/**
 * A CRM e-mail's bounce counts for the agent who wrote it; another e-mail's (a showing's notice,
 * an alert) once: for the lead it was for when its Message-ID names it, else once per office
 * among the leads with the address (several leads of one person in one office are one e-mail
 * bounced, not several), each for that lead's agent now, the one whose automation sent it.
 */
async function countBounce({ tx, table }: Parameters<Projection['apply']>[1], eventId: string, d: EmailDeliveryReported['data']): Promise<void> {
  if (d.message?.leadId && d.message.byUserId) return countForWriter({ tx, table }, eventId, d.message.leadId, d.message.byUserId, d.at);
  const forLead = d.message?.leadId ?? null;
  await tx.query(
    `INSERT INTO ${table('report_email_bounces')} (event_id, lead_id, agent_id, office_id, at)
     SELECT DISTINCT ON (r.office_id) $1, r.lead_id, r.agent_id, r.office_id, $3
       FROM ${table('report_lead_addresses')} a JOIN ${everyLead(table)} r ON r.lead_id = a.lead_id
      WHERE a.address_hash = $2 AND ($4::uuid IS NULL OR r.lead_id = $4)
      ORDER BY r.office_id, r.lead_id ON CONFLICT DO NOTHING`,
    [eventId, d.addressHash, d.at, forLead],
  );
}

/** An e-mail that never reached its lead, for the agent who wrote it and the lead's office as it is now. */
async function countForWriter(
  { tx, table }: Pick<Parameters<Projection['apply']>[1], 'tx' | 'table'>,
  eventId: string,
  leadId: string,
  agentId: string,
  at: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO ${table('report_email_bounces')} (event_id, lead_id, agent_id, office_id, at)
     VALUES ($1, $2, $3, (SELECT office_id FROM ${everyLead(table)} l WHERE lead_id = $2), $4) ON CONFLICT DO NOTHING`,
    [eventId, leadId, agentId, at],
  );
}

function setAddress({ write, table }: Parameters<Projection['apply']>[1], leadId: string, email: string): void {
  write(
    `INSERT INTO ${table('report_lead_addresses')} (lead_id, address_hash) VALUES ($1, $2) ON CONFLICT (lead_id) DO UPDATE SET address_hash = excluded.address_hash`,
    [leadId, emailAddressHash(email)],
  );
}
