import { type AccountEvent, accountEventTypes } from '../../src/modules/accounts';
import { assertNever } from '../../src/shared/errors';
import type { Projection } from '../runner/projection';

/** Accounts by id and e-mail, with the credential the sign-in query checks. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  eventTypes: accountEventTypes,
  tables: ['users'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('users')} (
      user_id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      security_level smallint NOT NULL,
      site_id uuid,
      broker_id uuid,
      cell_phone text,
      password_hash text,
      created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('users')} (broker_id) WHERE broker_id IS NOT NULL`);
  },
  async apply(events, { tx, table }) {
    for (const stored of events) {
      const e = stored as unknown as AccountEvent & typeof stored;
      switch (e.type) {
        case 'UserRegistered': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${table('users')} (user_id, email, first_name, last_name, security_level, site_id, broker_id, cell_phone, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
            [d.userId, d.email, d.firstName, d.lastName, d.securityLevel, d.siteId, d.brokerId, d.cellPhone, e.metadata.at],
          );
          break;
        }
        case 'PasswordSet':
          await tx.query(`UPDATE ${table('users')} SET password_hash = $2 WHERE user_id = $1`, [e.data.userId, e.data.passwordHash]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
