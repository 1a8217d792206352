import { type AccountEvent, accountEventTypes } from '../../src/modules/accounts/accounts.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';
import { erasedAddress, type PersonErased } from '../../src/modules/privacy/privacy.events';

const CONSENT_COLUMN = {
  email: 'consent_email',
  text: 'consent_text',
  propertyAlerts: 'consent_property_alerts',
  propertyUpdates: 'consent_property_updates',
} as const;

/**
 * Accounts by id and e-mail for queries (member search, dashboards, mailers): profile, level,
 * office, consent per channel and sign-in counts. Credentials are not copied here: sign-in reads
 * the user's stream.
 */
export const usersProjection: Projection = {
  name: 'users',
  // 3: the office id columns named office_id, as in every read model.
  version: 3,
  eventTypes: [...accountEventTypes, 'PersonErased'],
  tables: ['users'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('users')} (
      user_id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE,
      first_name text NOT NULL,
      last_name text NOT NULL,
      security_level smallint NOT NULL,
      site_id uuid,
      office_id uuid,
      cell_phone text,
      photo_location text,
      is_import boolean NOT NULL DEFAULT false,
      import_opted_in boolean NOT NULL DEFAULT false,
      consent_email boolean NOT NULL DEFAULT true,
      consent_text boolean NOT NULL DEFAULT true,
      consent_property_alerts boolean NOT NULL DEFAULT true,
      consent_property_updates boolean NOT NULL DEFAULT true,
      login_count int NOT NULL DEFAULT 0,
      last_login_at timestamptz,
      registered_via text NOT NULL DEFAULT 'seed',
      created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('users')} (office_id) WHERE office_id IS NOT NULL`);
    await tx.query(`CREATE INDEX ON ${t('users')} (site_id)`);
  },
  async apply(events, { table, write }) {
    const users = table('users');
    for (const e of eventsOf<AccountEvent | PersonErased>(events)) {
      switch (e.type) {
        case 'UserRegistered': {
          const d = e.data;
          write(
            `INSERT INTO ${users} (user_id, email, first_name, last_name, security_level, site_id, office_id, cell_phone, is_import, registered_via, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (user_id) DO NOTHING`,
            [
              d.userId,
              d.email,
              d.firstName,
              d.lastName,
              d.securityLevel,
              d.siteId,
              d.officeId,
              d.cellPhone,
              d.isImport ?? false,
              d.via ?? 'seed',
              e.metadata.at,
            ],
          );
          break;
        }
        case 'UserSignedIn':
          write(`UPDATE ${users} SET login_count = login_count + 1, last_login_at = $2 WHERE user_id = $1`, [e.data.userId, e.metadata.at]);
          break;
        case 'CellPhoneChanged':
          write(`UPDATE ${users} SET cell_phone = $2 WHERE user_id = $1`, [e.data.userId, e.data.cellPhone]);
          break;
        case 'PhotoChanged':
          write(`UPDATE ${users} SET photo_location = $2 WHERE user_id = $1`, [e.data.userId, e.data.photoLocation]);
          break;
        case 'ConsentChanged':
          write(`UPDATE ${users} SET ${CONSENT_COLUMN[e.data.channel]} = $2 WHERE user_id = $1`, [e.data.userId, e.data.granted]);
          break;
        case 'ImportOptedIn':
          write(`UPDATE ${users} SET import_opted_in = true WHERE user_id = $1`, [e.data.userId]);
          break;
        case 'PasswordSet':
        case 'PasswordChanged':
        case 'PasswordResetRequested':
        case 'UserSignedOut':
        case 'SocialIdentityLinked':
        case 'EmailVerified':
        case 'ImpersonationStarted':
        case 'ImpersonationEnded':
        case 'StaffBecameUser':
        case 'StaffReturnedFromUser':
        case 'SignInBlocked':
        case 'SignInUnblocked':
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          // As a rebuild reads the account: a unique address that reaches nobody, the name "Erased person".
          write(`UPDATE ${users} SET email = $2, first_name = 'Erased', last_name = 'person', cell_phone = NULL, photo_location = NULL WHERE user_id = $1`, [
            e.data.userId,
            erasedAddress(e.data.userId),
          ]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
