import { type PushSubscriptionRow, pushSubscriptionsFor } from '../../../projections/web-push';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import webPush from 'web-push';
import type { Runtime } from '../../app/runtime';
import { DB_POOL, RUNTIME } from '../../app/tokens';
import { systemContext } from '../../commands/command-context';
import { handleCommand } from '../../commands/handle-command';
import { EventStore } from '../../eventstore/event-store.port';
import { logger } from '../../shared/logger';
import { webPushStream } from './notifications.events';
import { isPushServiceEndpoint } from './push-services';
import { subscriptionsDecider } from './subscriptions';
import { VapidKeys } from './vapid-keys';

const log = logger('web-push');

/**
 * `id`: the same notification sent again (a reminder re-sent after a crash between sending and
 * recording it) carries the same id, and the service worker shows an id once.
 */
export type Notification = { readonly title: string; readonly body: string; readonly url: string; readonly tag: string; readonly id?: string };

/** What a committed push becomes as a notification, or null when it is not one worth a notification. */
export function notificationFor(name: string, payload: Record<string, unknown>): Notification | null {
  if (name === 'lead.captured') {
    return { title: 'New lead', body: `${String(payload.fullName)} (${String(payload.leadType)})`, url: `/dashboard?lead=${String(payload.leadId)}`, tag: `lead-${String(payload.leadId)}` };
  }
  if (name === 'chat.message') {
    const text = String(payload.text);
    return { title: 'New message', body: text.length > 120 ? `${text.slice(0, 119)}…` : text, url: `/dashboard?lead=${String(payload.leadId)}&chat=1`, tag: `chat-${String(payload.leadId)}` };
  }
  if (name === 'thread.item') {
    // Chat has its own notification (chat.message); a text, MMS or e-mail from the lead tells their agent.
    const item = payload.item as { channel: string; direction: string; body: string } | undefined;
    if (!item || item.direction !== 'in' || item.channel === 'chat' || !payload.agentId) return null;
    const body = item.body || (item.channel === 'mms' ? 'A picture' : '');
    const title = item.channel === 'email' ? 'New e-mail from a lead' : 'New text from a lead';
    return { title, body: body.length > 120 ? `${body.slice(0, 119)}…` : body, url: `/dashboard?lead=${String(payload.leadId)}&chat=1`, tag: `thread-${String(payload.leadId)}` };
  }
  return null;
}

type SubRow = PushSubscriptionRow;

/**
 * Sends web pushes for new leads and chat messages: after a projection's batch commits, the
 * pushes that browsers get over the socket also go, as notifications, to the subscriptions of
 * the same people (a chat message only to its recipient). Best effort: a gone subscription
 * (404/410) is dropped with WebPushUnsubscribed.
 */
@Injectable()
export class WebPushNotifier implements OnModuleInit {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(VapidKeys) private readonly vapid: VapidKeys,
  ) {}

  onModuleInit(): void {
    this.runtime.onPushes((pushes) => {
      for (const p of pushes) {
        const n = notificationFor(p.name, p.payload);
        if (!n) continue;
        const rooms = p.name === 'chat.message' ? [`user:${String(p.payload.toUserId)}`] : p.name === 'thread.item' ? [`user:${String(p.payload.agentId)}`] : [...p.to];
        void this.notify(rooms, n).catch((err: Error) => log.warn('web push failed', { message: err.message }));
      }
    });
  }

  async notify(rooms: readonly string[], n: Notification): Promise<number> {
    const userIds = rooms.filter((r) => r.startsWith('user:')).map((r) => r.slice(5));
    const staff = rooms.includes('staff');
    if (userIds.length === 0 && !staff) return 0;
    let subs: SubRow[];
    try {
      subs = await pushSubscriptionsFor(this.pool, userIds, staff);
    } catch {
      return 0;
    }
    // Subscriptions recorded before endpoints were checked are never posted to unless on a known push service.
    subs = subs.filter((s) => isPushServiceEndpoint(s.endpoint));
    if (subs.length === 0) return 0;
    const vapid = await this.vapid.get();
    const body = JSON.stringify(n);
    let sent = 0;
    await Promise.all(
      subs.map(async (s) => {
        try {
          await webPush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
            vapidDetails: vapid,
            TTL: 3600,
            // A push service keeps one undelivered message per topic: a repeat of the same id replaces it.
            ...(n.id ? { topic: n.id.replace(/-/g, '').slice(0, 32) } : {}),
            timeout: 10_000,
          });
          sent++;
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await handleCommand(this.store, webPushStream(s.user_id), subscriptionsDecider, { kind: 'unsubscribe', userId: s.user_id, endpoint: s.endpoint }, systemContext()).catch(
              () => undefined,
            );
          } else log.warn('a web push was not delivered', { status: status ?? null });
        }
      }),
    );
    return sent;
  }
}
