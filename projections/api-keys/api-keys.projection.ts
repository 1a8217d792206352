import { type ApiKeyEvent, apiKeyEventTypes } from '../../src/modules/integrations/integrations.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

/**
 * The API keys a user made, for Settings → API: name, when made, when last used (as often as the
 * key's stream notes it), and whether revoked. The guard never reads this (it reads the key's
 * stream, so a revoke holds at once); the hash is not kept here.
 */
export const apiKeysProjection: Projection = {
  name: 'api_keys',
  version: 1,
  eventTypes: handledTypes<ApiKeyEvent>()([...apiKeyEventTypes]),
  tables: ['api_keys'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('api_keys')} (
      key_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz,
      revoked boolean NOT NULL DEFAULT false
    )`);
    await tx.query(`CREATE INDEX ON ${t('api_keys')} (user_id, created_at) WHERE NOT revoked`);
  },
  async apply(events, { tx, table }) {
    const keys = table('api_keys');
    for (const e of eventsOf<ApiKeyEvent>(events)) {
      switch (e.type) {
        case 'ApiKeyCreated':
          await tx.query(`INSERT INTO ${keys} (key_id, user_id, name, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key_id) DO NOTHING`, [
            e.data.keyId,
            e.data.userId,
            e.data.name,
            e.metadata.at,
          ]);
          break;
        case 'ApiKeyUsed':
          await tx.query(`UPDATE ${keys} SET last_used_at = greatest(last_used_at, $2) WHERE key_id = $1`, [e.data.keyId, e.data.usedAt]);
          break;
        case 'ApiKeyRevoked':
          await tx.query(`UPDATE ${keys} SET revoked = true WHERE key_id = $1`, [e.data.keyId]);
          break;
      }
    }
  },
};
