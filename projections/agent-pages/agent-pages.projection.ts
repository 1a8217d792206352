import { type AccountEvent, LEVEL } from '../../src/modules/accounts/accounts.events';
import type { AgentProfileEvent } from '../../src/modules/office/office.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled =
  | Extract<AccountEvent, { type: 'UserRegistered' | 'CellPhoneChanged' | 'PhotoChanged' | 'SignInBlocked' | 'SignInUnblocked' }>
  | Extract<AgentProfileEvent, { type: 'AgentBioChanged' | 'AgentMlsIdChanged' }>;

/**
 * The public pages of agents and brokers (/agents/{slug}): name, photo, bio, how to reach them
 * and the MLS id their listings name. `page_key` (the id's last 12 hex digits) is the part of
 * the address that finds the page; the name before it is for people and may change. An account
 * kept out for offboarding has no page until it is let back in.
 */
export const agentPagesProjection: Projection = {
  name: 'agent_pages',
  // 2: the office id columns named office_id, as in every read model.
  version: 2,
  eventTypes: handledTypes<Handled>()([
    'UserRegistered',
    'CellPhoneChanged',
    'PhotoChanged',
    'SignInBlocked',
    'SignInUnblocked',
    'AgentBioChanged',
    'AgentMlsIdChanged',
  ]),
  tables: ['agent_pages'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('agent_pages')} (
      user_id uuid PRIMARY KEY,
      page_key text COLLATE "C" NOT NULL,
      level smallint NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      cell_phone text,
      photo text,
      bio text NOT NULL DEFAULT '',
      mls_id text,
      office_id uuid,
      offboarded boolean NOT NULL DEFAULT false,
      changed_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('agent_pages')} (page_key)`);
    await tx.query(`CREATE INDEX ON ${t('agent_pages')} (office_id) WHERE office_id IS NOT NULL`);
    await tx.query(`CREATE INDEX ON ${t('agent_pages')} (mls_id) WHERE mls_id IS NOT NULL`);
  },
  async apply(events, { tx, table, write }) {
    const pages = table('agent_pages');
    // Profile events arrive for everyone (leads too): an update of a row that is not there does nothing.
    const update = (set: string, userId: string, value: unknown, at: string) =>
      tx.query(`UPDATE ${pages} SET ${set} = $2, changed_at = $3 WHERE user_id = $1`, [userId, value, at]);
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'UserRegistered': {
          const d = e.data;
          if (d.securityLevel !== LEVEL.agent && d.securityLevel !== LEVEL.broker) break;
          write(
            `INSERT INTO ${pages} (user_id, page_key, level, first_name, last_name, email, cell_phone, office_id, changed_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
            [d.userId, agentPageKey(d.userId), d.securityLevel, d.firstName, d.lastName, d.email, d.cellPhone, d.officeId, at],
          );
          break;
        }
        case 'CellPhoneChanged':
          await update('cell_phone', e.data.userId, e.data.cellPhone, at);
          break;
        case 'PhotoChanged':
          await update('photo', e.data.userId, e.data.photoLocation, at);
          break;
        case 'SignInBlocked':
          if (e.data.cause === 'offboarding') await update('offboarded', e.data.userId, true, at);
          break;
        case 'SignInUnblocked':
          if (e.data.cause === 'offboarding') await update('offboarded', e.data.userId, false, at);
          break;
        case 'AgentBioChanged':
          await update('bio', e.data.agentId, e.data.bio, at);
          break;
        case 'AgentMlsIdChanged':
          await update('mls_id', e.data.agentId, e.data.mlsId, at);
          break;
        default:
          assertNever(e);
      }
    }
  },
};

/**
 * The part of an agent page's address that finds it: the id's last 12 hex digits (random in a
 * v4 id; two alike among a product's agents are a one-in-billions chance, and the older keeps it).
 */
export const agentPageKey = (userId: string): string => userId.replace(/-/g, '').slice(-12).toLowerCase();
