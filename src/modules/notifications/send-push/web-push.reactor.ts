import type { PushSubscriptionRow } from '../../../../projections/web-push';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import webPush from 'web-push';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { systemContext } from '../../../commands/command-context';
import { webPushStream } from '../notifications.events';
import { isPushServiceEndpoint } from '../push-services';
import { type Vapid, VapidKeys } from '../vapid-keys';
import { LEVEL } from '../../accounts';
import { SubscriptionsCommand } from '../subscriptions.command';
import { deliveryErrorWords } from '../../../contract/text-delivery';

/**
 * `id`: the same notification sent again (re-sent after a crash between sending and recording
 * it) carries the same id, and the service worker shows an id once.
 */
export type Notification = { readonly title: string; readonly body: string; readonly url: string; readonly tag: string; readonly id?: string };

/** Who a subscription belongs to: the office (agents, brokers, staff: the dashboard) or a lead (the public site). */
export type Audience = 'office' | 'lead';
export const audienceOf = (securityLevel: number): Audience => (securityLevel >= LEVEL.agent ? 'office' : 'lead');

/** The push name of a notification worded when it was queued. */
export const WORDED = 'notification';

const clipped = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * What a committed push becomes as a notification for a subscription of that audience, or null
 * when it is none for them. A lead hears of chat replies from their agent (opening the site's chat);
 * the office of new leads and chat messages (opening the dashboard).
 */
export function notificationFor(name: string, payload: Record<string, unknown>, audience: Audience): Notification | null {
  // Worded by the reactor that queued it for the one person it is for (an instant alert, a cancelled showing).
  if (name === WORDED) return payload as Notification;
  if (name === 'lead.captured' && audience === 'office') {
    return {
      title: 'New lead',
      body: `${String(payload.fullName)} (${String(payload.leadType)})`,
      url: `/dashboard?lead=${String(payload.leadId)}`,
      tag: `lead-${String(payload.leadId)}`,
    };
  }
  if (name === 'chat.message') {
    const body = clipped(String(payload.text));
    const tag = `chat-${String(payload.leadId)}`;
    return audience === 'lead'
      ? { title: 'New message from your agent', body, url: '/?chat=1', tag }
      : { title: 'New message', body, url: `/dashboard?lead=${String(payload.leadId)}&chat=1`, tag };
  }
  if (name === 'thread.item' && audience === 'office') {
    // Chat has its own notification (chat.message); a text, MMS or e-mail from the lead tells their agent.
    const item = payload.item as
      { id: string; channel: string; direction: string; body: string; deliveryState?: string; errorCode?: number | null } | undefined;
    // A text of the agent's that the carrier could not deliver tells them, with why (contract section 13).
    if (item?.direction === 'out' && (item.deliveryState === 'undelivered' || item.deliveryState === 'failed') && payload.agentId) {
      return {
        title: 'A text was not delivered',
        body: deliveryErrorWords(item.errorCode) ?? 'The carrier did not say why.',
        url: `/dashboard?lead=${String(payload.leadId)}&chat=1`,
        tag: `delivery-${item.id}`,
      };
    }
    if (!item || item.direction !== 'in' || item.channel === 'chat' || !payload.agentId) return null;
    const body = item.body || (item.channel === 'mms' ? 'A picture' : '');
    const title = item.channel === 'email' ? 'New e-mail from a lead' : 'New text from a lead';
    return {
      title,
      body: body.length > 120 ? `${body.slice(0, 119)}…` : body,
      url: `/dashboard?lead=${String(payload.leadId)}&chat=1`,
      tag: `thread-${String(payload.leadId)}`,
    };
  }
  if (name === 'lead.activity' && payload.type === 'CmaRequested' && audience === 'office') {
    // A seller asking for a CMA from their monthly e-mail: a listing appointment to win, told at once.
    return {
      title: 'A seller asked for a CMA',
      body: clipped(String(payload.summary)),
      url: `/dashboard?lead=${String(payload.leadId)}`,
      tag: `cma-request-${String(payload.eventId)}`,
      id: String(payload.eventId),
    };
  }
  if (name === 'lead.behaviour' && audience === 'office') {
    // Issue 19 part 2: what a lead did that means intent, to their agent.
    return {
      title: `Lead alert: ${String(payload.leadName) || 'a lead'}`,
      body: clipped(String(payload.reason)),
      url: `/dashboard?lead=${String(payload.leadId)}`,
      tag: `behaviour-${String(payload.alertId)}`,
      id: String(payload.alertId),
    };
  }
  return null;
}

type SubRow = PushSubscriptionRow;

/**
 * Posts web pushes as the Web Push protocol says (RFC 8030: TTL, aes128gcm content per RFC 8291,
 * a VAPID JWT per RFC 8292), only to a known push service (or a PUSH_TEST_ORIGINS stand-in in
 * tests), and drops a subscription the push service says is gone (404/410) with
 * WebPushUnsubscribed. Every push goes through the web push outbox (WebPushSender), which calls
 * `postTo` once per row.
 */
@Injectable()
export class WebPushNotifier {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(VapidKeys) private readonly vapid: VapidKeys,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** True when the server may post to this endpoint (a known push service, or a configured stand-in). */
  mayPostTo(endpoint: string): boolean {
    return isPushServiceEndpoint(endpoint, this.config.pushTestOrigins);
  }

  /** One notification to one subscription; answers 'gone' (and drops the subscription) when the push service says it is gone, throws on any other refusal. */
  async postTo(s: SubRow, n: Notification): Promise<'sent' | 'gone'> {
    try {
      await post(s, n, await this.vapid.get());
      return 'sent';
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 410) throw err;
      await this.commands.execute(
        new SubscriptionsCommand(webPushStream(s.user_id), { kind: 'unsubscribe', userId: s.user_id, endpoint: s.endpoint }, systemContext()),
      );
      return 'gone';
    }
  }
}

/**
 * One push, as web-push words it (encrypted body and VAPID headers), posted with fetch, which
 * speaks http to a test stand-in as well as https to the push services.
 */
async function post(s: SubRow, n: Notification, vapid: Vapid): Promise<void> {
  const request = webPush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(n), {
    vapidDetails: vapid,
    TTL: 3600,
    // A push service keeps one undelivered message per topic: a repeat of the same id replaces it.
    ...(n.id ? { topic: n.id.replace(/-/g, '').slice(0, 32) } : {}),
  });
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  const res = await fetch(request.endpoint, { method: 'POST', headers, body: request.body, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw Object.assign(new Error(`push service answered ${res.status}`), { statusCode: res.status });
}
