import type pg from 'pg';
import type { AccountEvent } from '../../src/modules/accounts/accounts.events';
import type { BackofficeEvent } from '../../src/modules/backoffice/backoffice.events';
import type { SiteEvent } from '../../src/modules/sites/sites.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, type Projection } from '../runner';
import { erasedAddress, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Registered = Extract<AccountEvent, { type: 'UserRegistered' }>;

type MemberEvent = Extract<AccountEvent | SiteEvent | BackofficeEvent | PersonErased, { type: (typeof memberEventTypes)[number] }>;

const memberEventTypes = [
  'UserRegistered',
  'UserSignedIn',
  'CellPhoneChanged',
  'SiteCreated',
  'AccountsMerged',
  'AccountsUnmerged',
  'OffboardingStarted',
  'PlatformLocked',
  'PlatformUnlocked',
  'PersonErased',
] as const;

const digits = (s: string | null) => (s ? s.replace(/\D/g, '') : null);

/**
 * The back-office's member search: one row per account with what staff search by (name, e-mail,
 * phone, site, level) under trigram indexes, and the account's back-office status. Merged
 * accounts' e-mails and names are searchable on the account they were merged into (`aliases`).
 * Pushes `backoffice.memberChanged` to staff after each batch.
 */
export const membersProjection: Projection = {
  name: 'members',
  // 2: the office id columns named office_id, as in every read model.
  version: 2,
  eventTypes: memberEventTypes,
  tables: ['members', 'member_sites'],
  async createTables(tx, t) {
    await tx.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await tx.query(`CREATE TABLE ${t('members')} (
      user_id uuid PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      full_name text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
      phone text,
      phone_digits text,
      security_level smallint NOT NULL,
      site_id uuid,
      office_id uuid,
      merged_into uuid,
      offboarding boolean NOT NULL DEFAULT false,
      locked boolean NOT NULL DEFAULT false,
      status text GENERATED ALWAYS AS (CASE WHEN merged_into IS NOT NULL THEN 'merged' WHEN offboarding THEN 'offboarding' WHEN locked THEN 'locked' ELSE 'active' END) STORED,
      aliases text NOT NULL DEFAULT '',
      search text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone_digits, '') || ' ' || aliases)) STORED,
      login_count int NOT NULL DEFAULT 0,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    const idx = (sql: string) => tx.query(`CREATE INDEX ON ${t('members')} ${sql}`);
    await idx('USING gin (search gin_trgm_ops)');
    await idx('USING gin (email gin_trgm_ops)');
    await idx('USING gin (lower(full_name) gin_trgm_ops)');
    await idx('USING gin (phone_digits gin_trgm_ops)');
    await idx('(lower(last_name), lower(first_name), user_id)');
    await idx('(security_level)');
    await idx('(site_id)');
    await idx('(merged_into) WHERE merged_into IS NOT NULL');
    await tx.query(`CREATE TABLE ${t('member_sites')} (
      site_id uuid PRIMARY KEY,
      subdomain text NOT NULL,
      name text NOT NULL,
      domain_name text,
      owner_user_id uuid NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('member_sites')} (owner_user_id)`);
  },
  async apply(events, { tx, table, push, replaying }) {
    const members = table('members');
    const changed = new Set<string>();
    // Registrations come in long runs (imports, sign-up bursts, a rebuild): one insert per run.
    let run: StoredEvent<Registered>[] = [];
    const flush = async () => {
      if (run.length) await insertRegistrations(tx, members, run);
      run = [];
    };
    for (const e of eventsOf<MemberEvent>(events)) {
      if (e.type === 'UserRegistered') {
        run.push(e);
        changed.add(e.data.userId);
        continue;
      }
      await flush();
      await applyOne(tx, table, e, changed);
    }
    await flush();
    if (!replaying && changed.size) push({ to: ['staff'], name: 'backoffice.memberChanged', payload: { userIds: [...changed].slice(0, 100) } });
  },
};

async function insertRegistrations(tx: pg.PoolClient, members: string, run: readonly StoredEvent<Registered>[]): Promise<void> {
  const rows = run.map((e) => [
    e.data.userId,
    e.data.email,
    e.data.firstName,
    e.data.lastName,
    e.data.cellPhone,
    digits(e.data.cellPhone),
    e.data.securityLevel,
    e.data.siteId,
    e.data.officeId,
    e.metadata.at,
  ]);
  const col = (i: number) => rows.map((r) => r[i]);
  await tx.query(
    `INSERT INTO ${members} (user_id, email, first_name, last_name, phone, phone_digits, security_level, site_id, office_id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[], $8::uuid[], $9::uuid[], $10::timestamptz[])
     ON CONFLICT (user_id) DO NOTHING`,
    [col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8), col(9)],
  );
}

async function applyOne(tx: pg.PoolClient, table: (base: string) => string, e: MemberEvent & StoredEvent, changed: Set<string>): Promise<void> {
  const members = table('members');
  switch (e.type) {
    case 'UserRegistered':
      return;
    case 'UserSignedIn':
      changed.add(e.data.userId);
      await tx.query(`UPDATE ${members} SET login_count = login_count + 1, last_login_at = $2 WHERE user_id = $1`, [e.data.userId, e.metadata.at]);
      return;
    case 'CellPhoneChanged':
      changed.add(e.data.userId);
      await tx.query(`UPDATE ${members} SET phone = $2, phone_digits = $3 WHERE user_id = $1`, [e.data.userId, e.data.cellPhone, digits(e.data.cellPhone)]);
      return;
    case 'SiteCreated': {
      const d = e.data;
      await tx.query(
        `INSERT INTO ${table('member_sites')} (site_id, subdomain, name, domain_name, owner_user_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (site_id) DO NOTHING`,
        [d.siteId, d.subdomain, d.name, d.DomainName, d.ownerUserId],
      );
      return;
    }
    case 'AccountsMerged':
    case 'AccountsUnmerged': {
      // Each merge is on both streams; the merged account's event does the work.
      const { userId, survivorId, mergedId } = e.data;
      if (userId !== mergedId) return;
      changed.add(survivorId).add(mergedId);
      await tx.query(`UPDATE ${members} SET merged_into = $2 WHERE user_id = $1`, [mergedId, e.type === 'AccountsMerged' ? survivorId : null]);
      await tx.query(
        `UPDATE ${members} SET aliases = coalesce((SELECT string_agg(m.email || ' ' || m.first_name || ' ' || m.last_name, ' ' ORDER BY m.user_id)
           FROM ${members} m WHERE m.merged_into = $1), '') WHERE user_id = $1`,
        [survivorId],
      );
      return;
    }
    case 'OffboardingStarted':
    case 'PlatformLocked':
    case 'PlatformUnlocked': {
      changed.add(e.data.userId);
      const set = e.type === 'OffboardingStarted' ? 'offboarding = true' : `locked = ${e.type === 'PlatformLocked'}`;
      await tx.query(`UPDATE ${members} SET ${set} WHERE user_id = $1`, [e.data.userId]);
      return;
    }
    case 'PersonErased': {
      // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
      changed.add(e.data.userId);
      const { rows } = await tx.query<{ merged_into: string | null }>(
        `UPDATE ${members} SET email = $2, first_name = 'Erased', last_name = 'person', phone = NULL, phone_digits = NULL, aliases = '' WHERE user_id = $1 RETURNING merged_into`,
        [e.data.userId, erasedAddress(e.data.userId)],
      );
      const survivor = rows[0]?.merged_into;
      if (survivor)
        await tx.query(
          `UPDATE ${members} SET aliases = coalesce((SELECT string_agg(m.email || ' ' || m.first_name || ' ' || m.last_name, ' ' ORDER BY m.user_id) FROM ${members} m WHERE m.merged_into = $1), '') WHERE user_id = $1`,
          [survivor],
        );
      return;
    }
    default:
      assertNever(e);
  }
}
