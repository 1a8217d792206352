import { type AccountEvent, LEVEL } from '../../src/modules/accounts/accounts.events';
import {
  type AgentProfileEvent,
  evolveRoutingRuleSet,
  initialRoutingRuleSet,
  type OfficeEvent,
  officeEventTypes,
  ROUTE_LEAD_PUSH,
  type RoutingRuleSet,
} from '../../src/modules/office/office.events';
import { type LeadEvent } from '../../src/modules/leads/leads.events';
import type { SiteEvent } from '../../src/modules/sites/sites.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled =
  | Extract<AccountEvent, { type: 'UserRegistered' }>
  | Extract<SiteEvent, { type: 'SiteCreated' }>
  | OfficeEvent
  | AgentProfileEvent
  | Extract<LeadEvent, { type: 'LeadCaptured' | 'LeadAssigned' | 'LeadPutInPond' }>;

const officeTypes: ReadonlySet<string> = new Set(officeEventTypes);
const isOfficeEvent = <E extends { readonly type: string }>(e: E): e is E & OfficeEvent => officeTypes.has(e.type);

/**
 * The routing rules of every site as data (who owns it, the owner's office roster, listing
 * agents; the roster also keeps agents' bios, MLS ids and those awaiting confirmation), every version of each office's rule
 * set with the log position it took effect at, and the leads still waiting for an agent. The
 * router decides a lead by the version in force at its capture (issue 19).
 */
export const leadRoutingProjection: Projection = {
  name: 'lead_routing',
  // 3: the office's pond-first setting (issue 15), and a lead put in the pond is no longer pending.
  // 4: every version of each office's routing rules, with where in the log it took effect (issue 19).
  // 5: the MLS id an agent gave that awaits the broker's confirmation (pending_mls_id).
  // 6: the office id columns named office_id, as in every read model.
  // 7: a waiting lead keeps its capture's event and correlation ids (the router's one queue).
  version: 7,
  eventTypes: handledTypes<Handled>()([
    'UserRegistered',
    'SiteCreated',
    ...officeEventTypes,
    'AgentBioChanged',
    'AgentMlsIdChanged',
    'AgentMlsIdRequested',
    'LeadCaptured',
    'LeadAssigned',
    'LeadPutInPond',
  ]),
  tables: ['routing_sites', 'routing_users', 'routing_listing_agents', 'routing_pending', 'routing_rule_versions'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('routing_sites')} (site_id uuid PRIMARY KEY, kind text NOT NULL, owner_user_id uuid NOT NULL)`);
    // Agents and brokers; `joined` (log position) is the roster order of round robin.
    await tx.query(`CREATE TABLE ${t('routing_users')} (
      user_id uuid PRIMARY KEY, level smallint NOT NULL, office_id uuid, active boolean NOT NULL DEFAULT true, joined bigint NOT NULL, bio text NOT NULL DEFAULT '', mls_id text, pending_mls_id text)`);
    await tx.query(`CREATE INDEX ON ${t('routing_users')} (office_id, joined)`);
    await tx.query(`CREATE INDEX ON ${t('routing_users')} (mls_id) WHERE mls_id IS NOT NULL`);
    await tx.query(
      `CREATE TABLE ${t('routing_listing_agents')} (office_id uuid NOT NULL, pdid text NOT NULL, agent_id uuid NOT NULL, PRIMARY KEY (office_id, pdid))`,
    );
    // The router's queue: committed with the checkpoint, so a lead the log holds is never missed;
    // the capture's ids make the assignment name its cause whichever run of the router takes it.
    await tx.query(`CREATE TABLE ${t('routing_pending')} (
      lead_id uuid PRIMARY KEY, site_id uuid NOT NULL, captured_at timestamptz NOT NULL, event_id uuid NOT NULL, correlation_id text
    )`);
    // Each version of an office's rules and the log position (transaction, global position) it took effect at.
    await tx.query(`CREATE TABLE ${t('routing_rule_versions')} (
      office_id uuid NOT NULL, version int NOT NULL, tx bigint NOT NULL, pos bigint NOT NULL, rules jsonb NOT NULL, PRIMARY KEY (office_id, version)
    )`);
  },
  async apply(events, { tx, table, signal, write }) {
    let queued = 0;
    for (const e of eventsOf<Handled>(events)) {
      if (isOfficeEvent(e)) {
        // Every office event goes through the one fold of the rules; a new version is kept with its position.
        const { rows } = await tx.query<{ rules: RoutingRuleSet }>(
          `SELECT rules FROM ${table('routing_rule_versions')} WHERE office_id = $1 ORDER BY version DESC LIMIT 1`,
          [e.data.officeId],
        );
        const before = rows[0]?.rules ?? initialRoutingRuleSet;
        const after = evolveRoutingRuleSet(before, e);
        if (after !== before) {
          write(`INSERT INTO ${table('routing_rule_versions')} (office_id, version, tx, pos, rules) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
            e.data.officeId,
            after.version,
            e.transactionId.toString(),
            e.globalPosition.toString(),
            JSON.stringify(after),
          ]);
        }
      }
      switch (e.type) {
        case 'UserRegistered':
          if (e.data.securityLevel === LEVEL.agent || e.data.securityLevel === LEVEL.broker) {
            write(`INSERT INTO ${table('routing_users')} (user_id, level, office_id, joined) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`, [
              e.data.userId,
              e.data.securityLevel,
              e.data.officeId,
              e.globalPosition.toString(),
            ]);
          }
          break;
        case 'SiteCreated':
          write(`INSERT INTO ${table('routing_sites')} (site_id, kind, owner_user_id) VALUES ($1, $2, $3) ON CONFLICT (site_id) DO NOTHING`, [
            e.data.siteId,
            e.data.kind,
            e.data.ownerUserId,
          ]);
          break;
        case 'AgentDeactivated':
        case 'AgentActivated':
          write(`UPDATE ${table('routing_users')} SET active = $3 WHERE user_id = $1 AND office_id = $2`, [
            e.data.agentId,
            e.data.officeId,
            e.type === 'AgentActivated',
          ]);
          break;
        case 'AgentBioChanged':
          write(`UPDATE ${table('routing_users')} SET bio = $2 WHERE user_id = $1`, [e.data.agentId, e.data.bio]);
          break;
        case 'AgentMlsIdChanged':
          write(`UPDATE ${table('routing_users')} SET mls_id = $2, pending_mls_id = NULL WHERE user_id = $1`, [e.data.agentId, e.data.mlsId]);
          break;
        case 'AgentMlsIdRequested':
          write(`UPDATE ${table('routing_users')} SET pending_mls_id = $2 WHERE user_id = $1`, [e.data.agentId, e.data.mlsId]);
          break;
        case 'ListingAgentLinked':
          if (e.data.agentId === null) {
            write(`DELETE FROM ${table('routing_listing_agents')} WHERE office_id = $1 AND pdid = $2`, [e.data.officeId, e.data.pdid]);
          } else {
            write(
              `INSERT INTO ${table('routing_listing_agents')} (office_id, pdid, agent_id) VALUES ($1, $2, $3)
               ON CONFLICT (office_id, pdid) DO UPDATE SET agent_id = excluded.agent_id`,
              [e.data.officeId, e.data.pdid, e.data.agentId],
            );
          }
          break;
        case 'RoutingRulesChanged':
          write(`UPDATE ${table('routing_users')} SET active = NOT (user_id = ANY($2::uuid[])) WHERE office_id = $1`, [e.data.officeId, e.data.rules.off]);
          break;
        case 'OfficeSettingsChanged':
          // Who may link listings is the write side's concern; the pond is in the rule versions above.
          break;
        case 'LeadCaptured':
          write(
            `INSERT INTO ${table('routing_pending')} (lead_id, site_id, captured_at, event_id, correlation_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (lead_id) DO NOTHING`,
            [e.data.leadId, e.data.siteId, e.metadata.at, e.eventId, e.metadata.correlationId],
          );
          queued++;
          break;
        case 'LeadAssigned':
        case 'LeadPutInPond':
          write(`DELETE FROM ${table('routing_pending')} WHERE lead_id = $1`, [e.data.leadId]);
          break;
        default:
          assertNever(e);
      }
    }
    // Only a hint to look now: the router finds its work in routing_pending.
    if (queued) signal({ signal: ROUTE_LEAD_PUSH, payload: { queued } });
  },
};
