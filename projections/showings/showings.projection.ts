import { REMINDER_HOUR } from '../../src/contract/showings';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import { type LeadEvent, type LeadOwnerEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import type { ShowingRequested } from '../../src/modules/organizer/organizer.events';
import { type ShowingEvent, showingEventTypes } from '../../src/modules/showings/showings.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { erasedRows, hasLeadRow, MergedLeads, setLeadOwner } from '../lead-rows';
import { ERASED, ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Handled =
  | ShowingEvent
  | ShowingRequested
  | Extract<LeadEvent, { type: 'LeadCaptured' | 'LeadContactEdited' }>
  | LeadOwnerEvent
  | AccountsMerged
  | AccountsUnmerged
  | PersonErased;

/**
 * A merge (issue 18) shows the duplicate's appointments, and those proposed for it later, on the
 * survivor (the calendar's line names the survivor). Requests not yet made into appointments stay
 * the reactor's, on the lead they were made on.
 */
const merges = new MergedLeads('showing_merges', ['showings']);

/** In-process nudges for the showings' reactors (they also sweep on a timer). */
export const SHOWING_REQUESTED_SIGNAL = 'showings.requested';
export const SHOWING_CHANGED_SIGNAL = 'showings.changed';

/**
 * Showings as the calendar, the lead page and the notices read them: each appointment as it is
 * now (`sequence`: its iCalendar SEQUENCE; `scheduled_at`: when its current time was confirmed,
 * so a showing booked after its reminder time reminds nobody; `remind_at`: 9 am the day before
 * on the listing's clock, computed by PostgreSQL from the zone), each lead's name, agent and
 * office (a requested showing is its lead's agent's; a confirmed one its organizer's), and the
 * leads' showing requests not yet made into appointments (the showing-requests reactor's work).
 */
export const showingsProjection: Projection = {
  name: 'showings',
  // 2: account merges fold the duplicate's showings into the survivor's (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  version: 3,
  eventTypes: handledTypes<Handled>()([
    ...showingEventTypes,
    'ShowingRequested',
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadContactEdited',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['showings', 'showing_leads', 'showing_requests', 'showing_merges'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('showings')} (
      showing_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      site_id uuid NOT NULL,
      organizer_id uuid,
      pdid text NOT NULL,
      address text NOT NULL,
      time_zone text NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      status text NOT NULL,
      sequence int NOT NULL DEFAULT 0,
      proposed_by text NOT NULL,
      message text NOT NULL,
      scheduled_at timestamptz,
      remind_at timestamptz NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('showings')} (lead_id, start_at)`);
    await tx.query(`CREATE INDEX ON ${t('showings')} (organizer_id, start_at)`);
    await tx.query(`CREATE INDEX ON ${t('showings')} (start_at)`);
    await tx.query(`CREATE INDEX ON ${t('showings')} (remind_at) WHERE status = 'confirmed'`);
    await tx.query(`CREATE TABLE ${t('showing_leads')} (lead_id uuid PRIMARY KEY, full_name text NOT NULL, agent_id uuid, office_id uuid)`);
    await tx.query(`CREATE INDEX ON ${t('showing_leads')} (agent_id)`);
    await tx.query(`CREATE INDEX ON ${t('showing_leads')} (office_id)`);
    await tx.query(`CREATE TABLE ${t('showing_requests')} (
      event_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      pdid text NOT NULL,
      preferred_at timestamptz NOT NULL,
      message text NOT NULL,
      requested_at timestamptz NOT NULL
    )`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table, signal, push } = ctx;
    const showings = table('showings');
    const leads = table('showing_leads');
    /** The calendars showing it (its agent's or organizer's, the office's, staff's) hear that a showing changed. */
    const changedShowing = async (showingId: string, at: string) => {
      const { rows } = await tx.query<{ agent_id: string | null; office_id: string | null }>(
        `SELECT coalesce(s.organizer_id, l.agent_id) AS agent_id, l.office_id FROM ${showings} s LEFT JOIN ${leads} l ON l.lead_id = s.lead_id WHERE s.showing_id = $1`,
        [showingId],
      );
      const to = [
        ...new Set(
          rows
            .flatMap((r) => [r.agent_id, r.office_id])
            .filter((id): id is string => !!id)
            .map((id) => `user:${id}`),
        ),
        'staff',
      ];
      push({ to, name: 'calendar.changed', payload: { kind: 'showing', id: showingId, at } });
    };
    // 9 am the day before, on the listing's clock.
    const remindAt = `((date_trunc('day', start_at AT TIME ZONE time_zone) - interval '1 day' + interval '${REMINDER_HOUR} hours') AT TIME ZONE time_zone)`;
    let requested = 0;
    let changed = 0;
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'ShowingProposed': {
          const d = e.data;
          const to = await merges.target(ctx, d.leadId);
          ctx.write(
            `INSERT INTO ${showings} (showing_id, lead_id, site_id, pdid, address, time_zone, start_at, end_at, status, proposed_by, message, remind_at, changed_at, merged_from)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'requested', $9, $10, $7, $11, $12) ON CONFLICT (showing_id) DO NOTHING`,
            [d.showingId, to.leadId, d.siteId, d.pdid, d.address, d.timeZone, d.start, d.end, d.proposedBy, d.message, at, to.mergedFrom],
          );
          ctx.write(`UPDATE ${showings} SET remind_at = ${remindAt} WHERE showing_id = $1`, [d.showingId]);
          if (d.requestEventId) await tx.query(`DELETE FROM ${table('showing_requests')} WHERE event_id = $1`, [d.requestEventId]);
          await changedShowing(d.showingId, at);
          break;
        }
        case 'ShowingConfirmed':
          ctx.write(`UPDATE ${showings} SET status = 'confirmed', organizer_id = $2, scheduled_at = $3, changed_at = $3 WHERE showing_id = $1`, [
            e.data.showingId,
            e.data.agentId,
            at,
          ]);
          await changedShowing(e.data.showingId, at);
          changed++;
          break;
        case 'ShowingRescheduled':
          ctx.write(
            `UPDATE ${showings} SET start_at = $2, end_at = $3, sequence = $4, changed_at = $5,
                    scheduled_at = CASE WHEN status = 'confirmed' THEN $5::timestamptz ELSE scheduled_at END WHERE showing_id = $1`,
            [e.data.showingId, e.data.start, e.data.end, e.data.sequence, at],
          );
          ctx.write(`UPDATE ${showings} SET remind_at = ${remindAt} WHERE showing_id = $1`, [e.data.showingId]);
          await changedShowing(e.data.showingId, at);
          changed++;
          break;
        case 'ShowingCancelled':
          ctx.write(`UPDATE ${showings} SET status = 'cancelled', sequence = $2, changed_at = $3 WHERE showing_id = $1`, [
            e.data.showingId,
            e.data.sequence,
            at,
          ]);
          await changedShowing(e.data.showingId, at);
          changed++;
          break;
        case 'ShowingCompleted':
          ctx.write(`UPDATE ${showings} SET status = 'done', changed_at = $2 WHERE showing_id = $1`, [e.data.showingId, at]);
          await changedShowing(e.data.showingId, at);
          break;
        case 'ShowingRequested': {
          const d = e.data;
          ctx.write(
            `INSERT INTO ${table('showing_requests')} (event_id, lead_id, user_id, site_id, pdid, preferred_at, message, requested_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
            [e.eventId, d.leadId, d.userId, d.siteId, d.pdid, d.preferredAt, d.message, at],
          );
          requested++;
          break;
        }
        case 'LeadCaptured':
          ctx.write(`INSERT INTO ${leads} (lead_id, full_name) VALUES ($1, $2) ON CONFLICT (lead_id) DO NOTHING`, [e.data.leadId, e.data.fullName]);
          break;
        case 'LeadContactEdited':
          ctx.write(`UPDATE ${leads} SET full_name = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.fullName]);
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
        case 'LeadPutInPond':
          setLeadOwner(ctx.write, leads, e);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          await merges.apply(ctx, e, hasLeadRow(tx, leads));
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          ctx.write(`UPDATE ${leads} SET full_name = $2 WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds, ERASED_NAME]);
          ctx.write(`UPDATE ${showings} SET message = $2 WHERE ${erasedRows(1)}`, [e.data.leadIds, ERASED]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          ctx.write(`UPDATE ${table('showing_requests')} SET message = $2 WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds, ERASED]);
          break;
        default:
          assertNever(e);
      }
    }
    if (requested > 0) signal({ signal: SHOWING_REQUESTED_SIGNAL, payload: { count: requested } });
    if (changed > 0) signal({ signal: SHOWING_CHANGED_SIGNAL, payload: { count: changed } });
  },
};
