import type { PropertyAlertOpened, PropertyAlertSent } from '../../src/modules/alerts/alerts.events';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { BehaviourAlertRaised } from '../../src/modules/behaviour/behaviour.events';
import {
  type LeadCaptured,
  type LeadContactEdited,
  type LeadOwnerEvent,
  leadOwnerEventTypes,
  type ListingViewed,
  type SearchRun,
} from '../../src/modules/leads/leads.events';
import type { ListingFavorited, ListingShared, ShowingRequested } from '../../src/modules/organizer/organizer.events';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { hasLeadRow, MergedLeads, setLeadOwner } from '../lead-rows';
import { BEHAVIOUR_MAIL_QUEUED, BEHAVIOUR_QUEUED } from './behaviour-signals';

type FactEvent = ListingViewed | SearchRun | ListingFavorited | ListingShared | ShowingRequested | PropertyAlertSent | PropertyAlertOpened;
type Handled = FactEvent | LeadCaptured | LeadContactEdited | LeadOwnerEvent | BehaviourAlertRaised | AccountsMerged | AccountsUnmerged | PersonErased;

const KIND = {
  ListingViewed: 'view',
  SearchRun: 'search',
  ListingFavorited: 'favourite',
  ListingShared: 'share',
  ShowingRequested: 'showing',
  PropertyAlertSent: 'alertSent',
  PropertyAlertOpened: 'alertOpen',
} as const satisfies Record<FactEvent['type'], string>;

/** A merge (issue 18) folds the duplicate's doings and alerts into the survivor's: its history counts toward the survivor's alerts. */
const merges = new MergedLeads('behaviour_merges', ['behaviour_facts', 'behaviour_alerts']);

/** The rooms of a lead's alert: its agent, their broker, staff (as every lead push). */
const alertRooms = (agentId: string, officeId: string | null) => [...new Set([`user:${agentId}`, ...(officeId ? [`user:${officeId}`] : []), 'staff'])];

/**
 * Behaviour alerts' read side (issue 19 part 2). It keeps each lead's doings the rules read
 * (`behaviour_facts`: views, searches, favourites, shares, showing requests, alert e-mails sent
 * and opened, one row per event), lists the alerts raised (`behaviour_alerts`) and pushes each to
 * the lead's agent, broker and staff (`lead.behaviour`). A merged lead's doings and alerts land on
 * the survivor. The detector's queue and the alert-mail outbox are filled by their reactors' own
 * queues; those reactors take a row once this read model has passed it, so its signals wake them
 * again when it has applied a doing or listed an alert.
 */
export const behaviourAlertsProjection: Projection = {
  name: 'behaviour_alerts',
  // 2: an alert's agent and office follow its lead (a lead handed on takes its alerts along).
  version: 2,
  eventTypes: handledTypes<Handled>()([
    'ListingViewed',
    'SearchRun',
    'ListingFavorited',
    'ListingShared',
    'ShowingRequested',
    'PropertyAlertSent',
    'PropertyAlertOpened',
    'LeadCaptured',
    'LeadContactEdited',
    ...leadOwnerEventTypes,
    'BehaviourAlertRaised',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['behaviour_leads', 'behaviour_facts', 'behaviour_alerts', ...merges.tables],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('behaviour_leads')} (lead_id uuid PRIMARY KEY, full_name text NOT NULL)`);
    await tx.query(`CREATE TABLE ${t('behaviour_facts')} (
      event_id uuid PRIMARY KEY, lead_id uuid NOT NULL, position bigint NOT NULL, at timestamptz NOT NULL, kind text NOT NULL, pdid text, alert_id text)`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_facts')} (lead_id, at, position)`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_facts')} (lead_id, pdid) WHERE kind = 'view'`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_facts')} (alert_id) WHERE kind = 'alertSent'`);
    await tx.query(`CREATE TABLE ${t('behaviour_alerts')} (
      alert_id uuid PRIMARY KEY, lead_id uuid NOT NULL, agent_id uuid, office_id uuid, kind text NOT NULL, reason text NOT NULL,
      pdid text, at timestamptz NOT NULL, raised_at timestamptz NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_alerts')} (agent_id, raised_at)`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_alerts')} (office_id, raised_at)`);
    await tx.query(`CREATE INDEX ON ${t('behaviour_alerts')} (lead_id)`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    let doings = 0;
    let listed = 0;
    for (const e of eventsOf<Handled>(events)) {
      switch (e.type) {
        case 'ListingViewed':
        case 'SearchRun':
        case 'ListingFavorited':
        case 'ListingShared':
        case 'ShowingRequested':
        case 'PropertyAlertSent':
        case 'PropertyAlertOpened': {
          const to = await merges.target(ctx, e.data.leadId);
          const pdid = 'pdid' in e.data ? e.data.pdid : null;
          const alertId = 'alertId' in e.data ? e.data.alertId : null;
          ctx.write(
            `INSERT INTO ${table('behaviour_facts')} (event_id, lead_id, position, at, kind, pdid, alert_id, merged_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (event_id) DO NOTHING`,
            [e.eventId, to.leadId, e.globalPosition.toString(), e.metadata.at, KIND[e.type], pdid, alertId, to.mergedFrom],
          );
          if (e.type !== 'PropertyAlertSent') doings++;
          break;
        }
        case 'LeadCaptured':
        case 'LeadContactEdited':
          ctx.write(
            `INSERT INTO ${table('behaviour_leads')} (lead_id, full_name) VALUES ($1, $2) ON CONFLICT (lead_id) DO UPDATE SET full_name = excluded.full_name`,
            [e.data.leadId, e.data.fullName],
          );
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
        case 'LeadPutInPond':
          // Whoever holds the lead now sees its alerts; the agent it was taken from no longer does.
          setLeadOwner(ctx.write, table('behaviour_alerts'), e);
          break;
        case 'BehaviourAlertRaised': {
          const d = e.data;
          const to = await merges.target(ctx, d.leadId);
          const { rowCount } = await tx.query(
            `INSERT INTO ${table('behaviour_alerts')} (alert_id, lead_id, agent_id, office_id, kind, reason, pdid, at, raised_at, merged_from)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (alert_id) DO NOTHING`,
            [d.alertId, to.leadId, d.agentId, d.officeId, d.kind, d.reason, d.pdid, d.at, e.metadata.at, to.mergedFrom],
          );
          if (!rowCount) break;
          const { rows } = await tx.query<{ full_name: string }>(`SELECT full_name FROM ${table('behaviour_leads')} WHERE lead_id = $1`, [to.leadId]);
          ctx.push({
            to: alertRooms(d.agentId, d.officeId),
            name: 'lead.behaviour',
            payload: {
              alertId: d.alertId,
              leadId: to.leadId,
              leadName: rows[0]?.full_name ?? '',
              kind: d.kind,
              reason: d.reason,
              agentId: d.agentId,
              at: d.at,
            },
          });
          listed++;
          break;
        }
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          await merges.apply(ctx, e, hasLeadRow(tx, table('behaviour_leads')));
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; their name goes from this read model too (their alerts say no more than "a lead").
          ctx.write(`UPDATE ${table('behaviour_leads')} SET full_name = $2 WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds, ERASED_NAME]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
    if (doings > 0) ctx.signal({ signal: BEHAVIOUR_QUEUED, payload: { queued: doings } });
    if (listed > 0) ctx.signal({ signal: BEHAVIOUR_MAIL_QUEUED, payload: { queued: listed } });
  },
};
