import { accountEventTypes, claimEventTypes } from '../../src/modules/accounts/accounts.events';
import { alertEventTypes } from '../../src/modules/alerts/alerts.events';
import { backofficeEventTypes } from '../../src/modules/backoffice/backoffice.events';
import { chatEventTypes } from '../../src/modules/conversation/conversation.events';
import { callEventTypes, leadEmailEventTypes, smsEventTypes } from '../../src/modules/conversation/conversation.events';
import { leadActivityEventTypes, leadEventTypes, leadNoteEventTypes } from '../../src/modules/leads/leads.events';
import { smartListEventTypes } from '../../src/modules/insights/insights.events';
import { officeEventTypes } from '../../src/modules/office/office.events';
import { notificationEventTypes } from '../../src/modules/notifications/notifications.events';
import { organizerEventTypes } from '../../src/modules/organizer/organizer.events';
import { privacyEventTypes } from '../../src/modules/privacy/privacy.events';
import { showingEventTypes } from '../../src/modules/showings/showings.events';
import { siteEventTypes } from '../../src/modules/sites/sites.events';
import { agentZoneEventTypes, taskEventTypes } from '../../src/modules/tasks/tasks.events';
import type { Projection } from '../runner';
import { namedLeadId, namedUserIds } from './named-users';

/** More accounts than this in one batch (an import) and open screens are told once, with userId null. */
const MAX_PUSHES = 50;

/**
 * Which streams are about an account: the index the account history reads before it reads those
 * streams from the event store. A stream is about every account its events name (named-users.ts),
 * and about the person of every lead its events name (`leadId`, through the lead's LeadCaptured),
 * so a lead's texts and chat are in that person's history. A new context whose streams name
 * accounts adds its event types here. Pushes `backoffice.accountChanged` to staff per account.
 */
export const accountStreamsProjection: Projection = {
  name: 'account_streams',
  // 2: the organizer's and the alerts' streams (saved searches, favourites, alerts sent).
  // 3: notes and tasks on a lead (in its person's history, for the audit), the agent's time zone, and smart lists (issue 15).
  // 4: CRM e-mails to and from a lead (in its person's history: what was sent them, what they wrote), and texts the
  //    lead sent (TextMessageReceived): a lead who first wrote by text has its sms stream in its history.
  // 5: calls logged and showings (issue 16).
  version: 5,
  eventTypes: [
    ...accountEventTypes,
    ...claimEventTypes,
    ...siteEventTypes,
    ...leadEventTypes,
    ...leadActivityEventTypes,
    ...smsEventTypes,
    ...leadNoteEventTypes,
    ...leadEmailEventTypes,
    ...callEventTypes,
    ...showingEventTypes,
    ...taskEventTypes,
    ...agentZoneEventTypes,
    ...officeEventTypes,
    ...smartListEventTypes,
    ...chatEventTypes,
    ...notificationEventTypes,
    ...organizerEventTypes,
    ...alertEventTypes,
    ...backofficeEventTypes,
    // The erasure (issue 18) is in the person's history; no event of it predates this, so no rebuild.
    ...privacyEventTypes,
  ],
  tables: ['account_streams', 'account_stream_leads'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('account_streams')} (
      user_id uuid NOT NULL,
      stream_id text NOT NULL,
      first_position bigint NOT NULL,
      PRIMARY KEY (user_id, stream_id)
    )`);
    await tx.query(`CREATE TABLE ${t('account_stream_leads')} (lead_id uuid PRIMARY KEY, user_id uuid NOT NULL)`);
  },
  async apply(events, { tx, table, push, replaying }) {
    const named = { users: [] as string[], streams: [] as string[], positions: [] as string[] };
    const byLead = { leads: [] as string[], streams: [] as string[], positions: [] as string[] };
    const captured = { leads: [] as string[], users: [] as string[] };
    for (const e of events) {
      const position = e.globalPosition.toString();
      for (const userId of namedUserIds(e.data)) {
        named.users.push(userId);
        named.streams.push(e.streamId);
        named.positions.push(position);
      }
      const leadId = namedLeadId(e.data);
      if (!leadId) continue;
      byLead.leads.push(leadId);
      byLead.streams.push(e.streamId);
      byLead.positions.push(position);
      const userId = e.type === 'LeadCaptured' ? namedUserIds(e.data)[0] : undefined;
      if (userId) {
        captured.leads.push(leadId);
        captured.users.push(userId);
      }
    }
    if (captured.leads.length) {
      await tx.query(
        `INSERT INTO ${table('account_stream_leads')} (lead_id, user_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT (lead_id) DO NOTHING`,
        [captured.leads, captured.users],
      );
    }
    const { rows } = await tx.query<{ user_id: string }>(
      `WITH x AS (
         SELECT u, s, p FROM unnest($1::uuid[], $2::text[], $3::bigint[]) AS n(u, s, p)
         UNION ALL
         SELECT l.user_id, b.s, b.p FROM unnest($4::uuid[], $5::text[], $6::bigint[]) AS b(lead, s, p)
         JOIN ${table('account_stream_leads')} l ON l.lead_id = b.lead
       ), ins AS (
         INSERT INTO ${table('account_streams')} (user_id, stream_id, first_position)
         SELECT u, s, min(p) FROM x GROUP BY u, s
         ON CONFLICT (user_id, stream_id) DO NOTHING
       )
       SELECT DISTINCT u::text AS user_id FROM x`,
      [named.users, named.streams, named.positions, byLead.leads, byLead.streams, byLead.positions],
    );
    if (replaying || rows.length === 0) return;
    const types = [...new Set(events.map((e) => e.type))];
    const at = events.at(-1)!.metadata.at;
    if (rows.length > MAX_PUSHES) {
      push({ to: ['staff'], name: 'backoffice.accountChanged', payload: { userId: null, types, at } });
      return;
    }
    for (const r of rows) push({ to: ['staff'], name: 'backoffice.accountChanged', payload: { userId: r.user_id, types, at } });
  },
};
