import { assertNever } from '../../src/contract/assert-never';
import { type TranslationEvent, translationEventTypes } from '../../src/modules/translations/translations.events';
import { eventsOf, type Projection } from '../runner';

/** Each label's current text per language, for GET /api/translations and the editor. */
export const translationsProjection: Projection = {
  name: 'translations',
  version: 1,
  eventTypes: translationEventTypes,
  tables: ['translations'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('translations')} (
      language text NOT NULL,
      trans_id text NOT NULL,
      text text NOT NULL,
      updated_by uuid,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (language, trans_id)
    )`);
  },
  async apply(events, { tx, table, push, replaying }) {
    for (const e of eventsOf<TranslationEvent>(events)) {
      switch (e.type) {
        case 'TranslationChanged':
          await tx.query(
            `INSERT INTO ${table('translations')} (language, trans_id, text, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (language, trans_id) DO UPDATE SET text = excluded.text, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
            [e.data.language, e.data.transId, e.data.text, e.metadata.actorId, e.metadata.at],
          );
          break;
        case 'TranslationCleared':
          // Cleared: the label falls back to English again.
          await tx.query(`DELETE FROM ${table('translations')} WHERE language = $1 AND trans_id = $2`, [e.data.language, e.data.transId]);
          break;
        default:
          assertNever(e);
      }
    }
    if (!replaying && events.length)
      push({
        to: ['staff'],
        name: 'translations.changed',
        payload: { languages: [...new Set(events.map((e) => (e.data as TranslationEvent['data']).language))] },
      });
  },
};
