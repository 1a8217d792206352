import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { organizerStream } from '../../src/modules/organizer';
import { castOf } from '../support/backoffice-people';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { WebClient } from '../support/web-client';
import { openedEventsOf } from '../support/events';
import { home, importHomes, signedUpLead, until, verifiedLead } from './organizer-fixture';

type Mail = { subject: string; text_body: string; html_body: string };

const mailsTo = async (db: TestDatabase, to: string): Promise<Mail[]> =>
  (await db.pool.query<Mail>('SELECT subject, text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY id', [to])).rows;
const outbox = async (db: TestDatabase) =>
  (await db.pool.query<{ state: string; to_email: string; attempts: number }>('SELECT state, to_email, attempts FROM share_mail_outbox ORDER BY shared_at'))
    .rows;
/** Until the share_mail projection has queued every share and nothing is left pending. */
const sharesSettled = async (server: Started, db: TestDatabase) => {
  await server.runtime.runner.waitForCatchUp();
  await until('the share e-mails', async () => (await outbox(db)).every((r) => r.state !== 'pending'));
};
const MESSAGE = 'You will love this one!\n<script>alert("hi")</script> & <a href="http://evil.test">prize</a>';
/** The message as the friend gets it: the link it holds made unclickable. */
const DEFANGED = 'You will love this one!\n<script>alert("hi")</script> & <a href="http[:]//evil[.]test">prize</a>';

describe('the share e-mail to a friend (issue 8)', () => {
  let db: TestDatabase;
  let server: Started;
  let ada: WebClient;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    await castOf(server);
    await importHomes(server, [home('SH1', { UnparsedAddress: '12 Share St', ListPrice: 650_000 })]);
    ada = await verifiedLead(server, 'ada@share.test');
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("sends the friend one e-mail: who sent it, the listing with its photo, price, address and link, and the lead's message as text, its links unclickable", async () => {
    const res = await ada.post('/api/organizer/share', { pdid: 'T-SH1', email: 'Friend@Share.test', message: MESSAGE });
    expect(res.status, res.text).toBe(204);
    await sharesSettled(server, db);
    const mails = await mailsTo(db, 'friend@share.test');
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toBe('Ada shared a home with you: 12 Share St, Seattle, WA — $650,000');
    expect(m.text_body).toContain('Ada (ada@share.test) found this home on Demo Realty and shared it with you.');
    expect(m.text_body).toContain(`Ada wrote:\n${DEFANGED}\n`);
    expect(m.text_body).toMatch(/^12 Share St, Seattle, WA — \$650,000.*\nhttps?:\/\/[^/\s]+\/listing\/T-SH1$/m);
    expect(m.html_body).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;http[:]//evil[.]test&quot;&gt;prize&lt;/a&gt;');
    expect(m.html_body).not.toMatch(/<script|href="http:\/\/evil/);
    expect(m.html_body).toMatch(/<img src="https?:\/\/[^"]+"/);
    expect(m.html_body).toMatch(/<a href="https?:\/\/[^/"]+\/listing\/T-SH1"/);
    // The friend's link is the plain listing address: none of the lead's signed links.
    expect(`${m.text_body}${m.html_body}`).not.toContain('/api/alerts/');
    expect(await outbox(db)).toEqual([{ state: 'sent', to_email: 'friend@share.test', attempts: 0 }]);
  });

  it('sends nothing to an address whose owner turned e-mail off', async () => {
    const carol = await signedUpLead(server, 'carol@share.test');
    expect((await carol.post('/api/account/update', { UnsubscribeEmail: true })).status).toBeLessThan(300);
    expect((await ada.post('/api/organizer/share', { pdid: 'T-SH1', email: 'carol@share.test' })).status).toBe(204);
    await sharesSettled(server, db);
    expect(await mailsTo(db, 'carol@share.test')).toHaveLength(0);
    expect((await outbox(db)).find((r) => r.to_email === 'carol@share.test')?.state).toBe('suppressed');
  });

  it('does not mail shares recorded before the share e-mail existed', async () => {
    const [first] = (await db.pool.query(`SELECT stream_id, data FROM events WHERE type = 'ListingShared' ORDER BY global_position LIMIT 1`)).rows;
    const stream = await server.runtime.store.readStream(first.stream_id);
    const at = '2020-01-01T00:00:00.000Z';
    await server.runtime.store.append(first.stream_id, stream.at(-1)!.streamPosition, [
      {
        type: 'ListingShared',
        data: { ...first.data, toEmail: 'old@share.test', at },
        eventId: randomUUID(),
        metadata: { siteId: first.data.siteId, actorId: first.data.userId, impersonatorId: null, correlationId: randomUUID(), causationId: null, at },
      },
    ]);
    expect(first.stream_id).toBe(organizerStream(first.data.leadId));
    await sharesSettled(server, db);
    expect((await outbox(db)).map((r) => r.to_email)).not.toContain('old@share.test');
    expect(await mailsTo(db, 'old@share.test')).toHaveLength(0);
  });

  it('refuses the 21st share in 24 hours with 429 and records nothing for it', async () => {
    const bob = await verifiedLead(server, 'bob@share.test');
    for (let i = 1; i <= 20; i++) {
      const res = await bob.post('/api/organizer/share', { pdid: 'T-SH1', email: `friend${i}@share.test` });
      expect(res.status, `share ${i}: ${res.text}`).toBe(204);
    }
    const refused = await bob.post('/api/organizer/share', { pdid: 'T-SH1', email: 'friend21@share.test', message: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You can share at most 20 homes in 24 hours; please try again later' });
    // Read through the store: addresses are sealed in the log (issue 18).
    const shared = (await openedEventsOf(server.runtime.store, 'ListingShared')).filter((e) => /^friend.+@share\.test$/.test(e.data.toEmail));
    expect(shared).toHaveLength(20);
    await sharesSettled(server, db);
    expect(await mailsTo(db, 'friend21@share.test')).toHaveLength(0);
    expect(await mailsTo(db, 'friend20@share.test')).toHaveLength(1);
    // Ada's own shares are her own count: she can still share.
    expect((await ada.post('/api/organizer/share', { pdid: 'T-SH1', email: 'friend21@share.test' })).status).toBe(204);
  });
});

/**
 * The outbox's promise for shares: a share whose e-mail could not go out is sent once after a
 * restart, and a replay of the log (here: the projection's checkpoint lost, so it reads every
 * share again) queues nothing twice.
 */
describe('the share e-mail across a failed relay, a restart and a replay', () => {
  const servers: Started[] = [];
  let db: TestDatabase;
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer(testConfig(db.url, env));
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await db?.drop();
  });

  it('queues once, fails, restarts, replays, sends once', async () => {
    // Port 9 (discard) has no mail relay: every send fails.
    const first = await start({ SMTP_URL: 'smtp://127.0.0.1:9' });
    await castOf(first);
    await importHomes(first, [home('SH2', { UnparsedAddress: '2 Retry Rd' })]);
    const ada = await verifiedLead(first, 'ada@retry.test');
    await first.runtime.runner.waitForCatchUp();
    expect((await ada.post('/api/organizer/share', { pdid: 'T-SH2', email: 'friend@retry.test', message: 'Look' })).status).toBe(204);
    await until('a failed attempt', async () => (await outbox(db)).some((r) => r.attempts > 0));
    expect(await mailsTo(db, 'friend@retry.test')).toHaveLength(0);
    await servers.pop()!.stop();

    // As if the checkpoint were lost: the projection reads every share again.
    await db.pool.query(`UPDATE projection_checkpoints SET transaction_id = '0', global_position = 0 WHERE name = 'share_mail'`);
    const second = await start();
    await sharesSettled(second, db);
    // A later sweep finds nothing left to do.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await mailsTo(db, 'friend@retry.test')).toHaveLength(1);
    expect((await outbox(db)).map((r) => r.state)).toEqual(['sent']);
  });
});
