import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import webPush from 'web-push';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { stableId } from '../../src/shared/stable-id';
import { alertsSettled, home, importHomes } from '../organizer/organizer-fixture';
import { demoSite, demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { msQueuedToTaken } from '../support/push-delay';
import { type PushServiceStandIn, type ReceivedPush, type StandInSubscription, startPushServiceStandIn } from '../support/push-service-stand-in';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');

/**
 * Web push for leads (issue 16) against a local push service: the server's requests are checked
 * as a push service checks them (VAPID JWT signed by the server's key, for the endpoint's origin,
 * expiring within 24 h) and their bodies decrypted with the browser's keys.
 */
describe('web push to a lead, through a push-service stand-in', () => {
  let standIn: PushServiceStandIn;
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let lead: { client: WebClient; leadId: string; email: string };
  let janeC: WebClient;
  let publicKey: string;
  let leadSub: StandInSubscription;

  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
    // Tests only: the notifier may post to the stand-in's http://127.0.0.1 origin (production refuses this setting).
    fixture = await startDashboardServer({ PUSH_TEST_ORIGINS: standIn.origin });
    server = fixture.server;
    lead = await newLead(server, 'jane.localhost', { FullName: 'Ada Lovelace' });
    await settle(server);
    janeC = await signIn(server, jane.email, 'jane.localhost');
    publicKey = (await lead.client.get('/api/push/publickey')).body.publicKey;
    standIn.expectKey(publicKey);
    leadSub = standIn.subscribe('lead');
    expect(await lead.client.post('/api/push/subscribe', leadSub)).toMatchObject({ status: 200, body: { isSuccess: true } });
    expect((await janeC.post('/api/push/subscribe', standIn.subscribe('jane'))).status).toBe(200);
    await settle(server);
  });
  afterAll(async () => {
    await fixture?.stop();
    await standIn?.close();
  });

  it("notifies the lead of their agent's chat reply: signed by the server's VAPID key for the stand-in's origin, the payload decrypted", async () => {
    expect((await janeC.post('/api/dashboard/chat/sendmessage', { leadId: lead.leadId, text: 'Saturday at 10 works!' })).status).toBe(200);
    const push = await standIn.waitFor((p) => p.path === '/push/lead');
    // Every push carries its event's id (the same on a retry: the service worker shows it once).
    expect(push.payload).toEqual({
      title: 'New message from your agent',
      body: 'Saturday at 10 works!',
      url: '/?chat=1',
      tag: `chat-${lead.leadId}`,
      id: expect.any(String),
    });
    expect(push.claims.aud).toBe(standIn.origin);
    expect(push.claims.sub).toMatch(/^mailto:/);
    expect(push.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(push.vapidKey).toBe(publicKey);
    expect(push.ttl).toBe(3600);
    // The agent's own browser hears the lead's answer, worded for the dashboard.
    expect((await lead.client.post('/api/dashboard/chat/sendmessage', { text: 'See you then' })).status).toBe(200);
    const toJane = await standIn.waitFor((p) => p.path === '/push/jane');
    expect(toJane.payload).toEqual({
      title: 'New message',
      body: 'See you then',
      url: `/dashboard?lead=${lead.leadId}&chat=1`,
      tag: `chat-${lead.leadId}`,
      id: expect.any(String),
    });
    expect(standIn.refused).toEqual([]);
  });

  it("sends the lead's instant property alerts as pushes too", async () => {
    expect((await lead.client.post('/api/search/savepdq', { city: 'Seattle', frequency: 'instant' })).status).toBe(200);
    await settle(server);
    await importHomes(server, [home('PU1', { UnparsedAddress: '1 Push Pl', ListPrice: 555_000 })]);
    await alertsSettled(server);
    const push = await standIn.waitFor((p) => p.path === '/push/lead' && (p.payload as { url?: string }).url === '/listing/T-PU1');
    expect(push.payload).toEqual({
      title: 'New listing',
      body: '1 Push Pl, Seattle, WA — $555,000',
      url: '/listing/T-PU1',
      tag: expect.stringMatching(/^alert-/),
      id: expect.any(String),
    });
    // The alert's id is the push's topic: a repeat replaces an undelivered one.
    expect(push.topic).toBe((push.payload as { id: string }).id.replace(/-/g, ''));
  });

  // After the case before: the lead's instant alert on Seattle saved.
  it('an instant alert is pushed as soon as it is queued, well within the web push sweep (every 2 s): the alert dispatcher wakes the sender', async () => {
    const delays: number[] = [];
    // Six alerts, each started a third of a second later after the last push than the one before, so queued at moments across the
    // sweep's 2 s: whatever the moments, some of those that waited for the sweep would be late.
    for (let i = 0; i < 6; i++) {
      await sleep(i * 333);
      await importHomes(server, [home(`PW${i}`, { UnparsedAddress: `${i + 2} Push Pl`, ListPrice: 555_000 + i })]);
      const pushed = (p: ReceivedPush) => p.path === '/push/lead' && (p.payload as { url?: string }).url === `/listing/T-PW${i}`;
      delays.push(await msQueuedToTaken(server.runtime.db.pool, standIn, pushed, (alertId) => stableId(`web push alert ${alertId}`)));
    }
    expect(Math.max(...delays), `from queued to taken, ms: ${delays.join(', ')}`).toBeLessThan(1000);
  });

  it("tells the agent's browser of a lead's behaviour alert (issue 19 part 2), opening the lead", async () => {
    const e = { type: 'ListingFavorited', data: { leadId: lead.leadId, userId: randomUUID(), siteId: demoSite('jane').siteId, pdid: 'WP1' } };
    await server.runtime.store.append(`organizer-${lead.leadId}`, 'any', [
      { ...e, eventId: randomUUID(), metadata: metadataOf(systemContext(new Date(), e.data.siteId)) },
    ]);
    const push = await standIn.waitFor((p) => p.path === '/push/jane' && (p.payload as { title?: string }).title === 'Lead alert: Ada Lovelace');
    expect(push.payload).toEqual({
      title: 'Lead alert: Ada Lovelace',
      body: 'Saved a home as a favourite',
      url: `/dashboard?lead=${lead.leadId}`,
      tag: expect.stringMatching(/^behaviour-/),
      id: expect.any(String),
    });
  });

  it('the stand-in refuses a request whose VAPID JWT another key signed, or for another audience, or without TTL', async () => {
    const other = webPush.generateVAPIDKeys();
    const post = (details: ReturnType<typeof webPush.generateRequestDetails>, drop: string[] = []) =>
      fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(details.headers)
            .filter(([k]) => !drop.includes(k))
            .map(([k, v]) => [k, String(v)]),
        ),
        body: details.body,
      });
    const payload = JSON.stringify({ title: 'forged' });
    const keys = { subject: 'mailto:x@porchlight.test', publicKey, privateKey: other.privateKey };
    const before = standIn.received.length;

    const forged = await post(webPush.generateRequestDetails(leadSub, payload, { vapidDetails: keys }));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe('bad signature');

    const elsewhere = webPush.generateRequestDetails(leadSub, payload, { vapidDetails: { ...keys, privateKey: other.privateKey, publicKey: other.publicKey } });
    standIn.expectKey(other.publicKey);
    const audience = webPush.getVapidHeaders('https://push.example', keys.subject, other.publicKey, other.privateKey, 'aes128gcm');
    expect((await post({ ...elsewhere, headers: { ...elsewhere.headers, Authorization: audience.Authorization } })).status).toBe(403);
    expect((await post(elsewhere, ['TTL'])).status).toBe(400);
    standIn.expectKey(publicKey);

    expect(standIn.received.length).toBe(before);
    expect(standIn.refused.map((r) => r.reason)).toEqual(['bad signature', `aud is not ${standIn.origin}`, 'TTL missing']);
  });
});
