import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { type Mapped, mappedTypes, publicEventOf } from './public-event-map';

/**
 * The public events (public-event-map.ts) in store order, each with the office and agent whose
 * scope it falls in when it happens, so that the feed pages one scope by position on an index.
 * `position` is this table's own count in store order: the same on every read and after a
 * rebuild (the same events, in the same order). What happens to a lead before it is first
 * assigned takes the scope of that first assignment.
 */
export const publicEventsProjection: Projection = {
  name: 'public_events',
  version: 1,
  eventTypes: handledTypes<Mapped | PersonErased>()([...mappedTypes, 'PersonErased']),
  tables: ['public_events', 'public_event_leads'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('public_events')} (
      position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      lead_id uuid NOT NULL,
      office_id uuid,
      agent_id uuid,
      occurred_at timestamptz NOT NULL,
      data jsonb NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('public_events')} (office_id, position)`);
    await tx.query(`CREATE INDEX ON ${t('public_events')} (agent_id, position)`);
    await tx.query(`CREATE INDEX ON ${t('public_events')} (lead_id) WHERE office_id IS NULL AND agent_id IS NULL`);
    await tx.query(`CREATE TABLE ${t('public_event_leads')} (lead_id uuid PRIMARY KEY, office_id uuid, agent_id uuid)`);
  },
  async apply(events, { table, write }) {
    const rows = table('public_events');
    const leads = table('public_event_leads');
    for (const e of eventsOf<Mapped | PersonErased>(events)) {
      if (e.type === 'PersonErased') {
        // What the tools were told about an erased person is not kept to be told again.
        write(`DELETE FROM ${rows} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
        continue;
      }
      const pub = publicEventOf(e);
      if (e.type === 'LeadAssigned' || e.type === 'LeadReassigned' || e.type === 'LeadClaimed' || e.type === 'LeadPutInPond') {
        const agentId = e.type === 'LeadPutInPond' ? null : e.data.agentId;
        write(`INSERT INTO ${leads} (lead_id, office_id, agent_id) VALUES ($1, $2, $3) ON CONFLICT (lead_id) DO UPDATE SET office_id = $2, agent_id = $3`, [
          pub.leadId,
          e.data.officeId,
          agentId,
        ]);
        write(`UPDATE ${rows} SET office_id = $2, agent_id = $3 WHERE lead_id = $1 AND office_id IS NULL AND agent_id IS NULL`, [
          pub.leadId,
          e.data.officeId,
          agentId,
        ]);
      }
      // The lead's scope as it stands here, read by the INSERT itself: no round trip per event.
      write(
        `INSERT INTO ${rows} (event_id, type, lead_id, office_id, agent_id, occurred_at, data)
         SELECT $1, $2, $3, l.office_id, l.agent_id, $4, $5 FROM (VALUES (1)) one LEFT JOIN ${leads} l ON l.lead_id = $3::uuid
         ON CONFLICT (event_id) DO NOTHING`,
        [e.eventId, pub.type, pub.leadId, e.metadata.at, JSON.stringify(pub.data)],
      );
    }
  },
};
