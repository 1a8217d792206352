import { type NotificationEvent, notificationEventTypes } from '../../src/modules/notifications/notifications.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';

/** Browser push subscriptions by user (and level, for staff notifications). */
export const webPushProjection: Projection = {
  name: 'web_push',
  version: 1,
  eventTypes: [...notificationEventTypes, 'PersonErased'],
  tables: ['web_push_subscriptions'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('web_push_subscriptions')} (
      endpoint text PRIMARY KEY, user_id uuid NOT NULL, security_level smallint NOT NULL, p256dh text NOT NULL, auth text NOT NULL, created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('web_push_subscriptions')} (user_id)`);
  },
  async apply(events, { table, write }) {
    for (const e of eventsOf<NotificationEvent | PersonErased>(events)) {
      switch (e.type) {
        case 'WebPushSubscribed':
          write(
            `INSERT INTO ${table('web_push_subscriptions')} (endpoint, user_id, security_level, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, security_level = excluded.security_level, p256dh = excluded.p256dh, auth = excluded.auth`,
            [e.data.endpoint, e.data.userId, e.data.securityLevel, e.data.p256dh, e.data.auth, e.metadata.at],
          );
          break;
        case 'WebPushUnsubscribed':
          write(`DELETE FROM ${table('web_push_subscriptions')} WHERE endpoint = $1 AND user_id = $2`, [e.data.endpoint, e.data.userId]);
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          write(`DELETE FROM ${table('web_push_subscriptions')} WHERE user_id = $1`, [e.data.userId]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
