import type { SmartListEvent } from '../../src/modules/insights/insights.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';

/** Each user's smart lists (name and saved filters), for the dashboard's sidebar. */
export const smartListsProjection: Projection = {
  name: 'smart_lists',
  version: 1,
  eventTypes: handledTypes<SmartListEvent>()(['SmartListSaved', 'SmartListDeleted']),
  tables: ['smart_lists'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('smart_lists')} (
      list_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      name text NOT NULL,
      filters jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      saved_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('smart_lists')} (user_id, created_at)`);
  },
  async apply(events, { tx, table }) {
    for (const e of eventsOf<SmartListEvent>(events)) {
      switch (e.type) {
        case 'SmartListSaved':
          await tx.query(
            `INSERT INTO ${table('smart_lists')} (list_id, user_id, name, filters, created_at, saved_at) VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (list_id) DO UPDATE SET name = excluded.name, filters = excluded.filters, saved_at = excluded.saved_at`,
            [e.data.listId, e.data.userId, e.data.name, JSON.stringify(e.data.filters), e.metadata.at],
          );
          break;
        case 'SmartListDeleted':
          await tx.query(`DELETE FROM ${table('smart_lists')} WHERE list_id = $1 AND user_id = $2`, [e.data.listId, e.data.userId]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
