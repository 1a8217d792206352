import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoUser, settle, signIn } from '../../../../tests/support/dashboard-fixture';
import { dashboardServer } from '../../../../tests/support/dashboard-server';
import { mailsTo, waitForMails } from '../../../../tests/support/mail-outbox';
import { WebClient } from '../../../../tests/support/web-client';
import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import { DEMO_AGENT_MLS_IDS } from '../../../demo/listings';
import { SecretKey, userIdByEmail } from '../../accounts';
import { emailAddressHash } from '../../compliance/compliance.events';
import { importListings } from '../../listings';
import { OutboxKit } from '../../messaging';
import { SiteResolver } from '../../sites';
import { listingActivityStream } from '../listing-activity.events';
import { ReportMailSender } from './report-mail-sender.reactor';
import { REPORT_MAILS_PER_AGENT } from './report-mails';

const PDID = 'RME-R1';
const record = {
  ListingKey: 'R1',
  StandardStatus: 'Active',
  ListPrice: 720_000,
  Latitude: 47.61,
  Longitude: -122.33,
  UnparsedAddress: '12 Cedar Ln',
  City: 'Seattle',
  StateOrProvince: 'WA',
  PostalCode: '98101',
  ModificationTimestamp: '2024-05-02T12:00:00Z',
  ListAgentMlsId: DEMO_AGENT_MLS_IDS.agent,
};

/** "E-mail it to the seller": one e-mail per request, whatever retries or races, never to an address that bounced. */
describe('the listing report e-mailed to the seller', () => {
  const app = dashboardServer(async (server) => {
    await importListings(server.runtime.store, [{ record: 1, line: null, parse: () => record }], { mls: 'RME', ctx: systemContext() });
    await settle(server);
  });
  const pool = () => app.server.runtime.db.pool;
  const path = `/api/dashboard/listings/${PDID}/activity/mail`;
  const agent = () => signIn(app.server, demoUser('agent').email, 'jane.localhost');
  const sendsOf = async (sendId: string) =>
    (await app.server.runtime.store.readStream(listingActivityStream(PDID))).filter((e) => (e.data as { sendId?: string }).sendId === sendId);

  it('sends one e-mail with the link, the listing and the agent; the list says who sent it to whom, and the link opens the report', async () => {
    const jane = await agent();
    const to = 'rae.seller@example.com';
    const sendId = randomUUID();
    const sent = await jane.post(path, { sendId, sellerName: 'Rae Seller', sellerEmail: ' Rae.Seller@Example.com ', note: 'Busy first week!' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ sendId });
    const [mail] = await waitForMails(pool(), to, 1);
    expect(mail!.subject).toBe("Your listing's activity: 12 Cedar Ln, Seattle");
    expect(mail!.text).toContain('Hi Rae Seller,');
    expect(mail!.text).toContain('Busy first week!');
    expect(mail!.text).toMatch(/Jane \w+ sent you the activity report/);
    const link = new URL(/See the report \(the link works until \d{4}-\d{2}-\d{2}\): (\S+)/.exec(mail!.text)![1]!);
    expect(link.pathname).toBe('/listing-report');
    const opened = await WebClient.for(app.server.url).get(`/api/listing-report/${encodeURIComponent(link.searchParams.get('t')!)}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.pdid).toBe(PDID);

    await settle(app.server);
    const listed = await jane.get(`/api/dashboard/listings/${PDID}/activity/mails`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.mails.find((m: { sendId: string }) => m.sendId === sendId)).toEqual({
      sendId,
      sellerName: 'Rae Seller',
      sellerEmail: to,
      byName: expect.stringMatching(/^Jane /),
      at: expect.any(String),
      state: 'sent',
      erased: false,
    });
    // The address is sealed in the log, not stored in the clear.
    const { rows } = await pool().query<{ data: string }>('SELECT data::text FROM events WHERE stream_id = $1', [listingActivityStream(PDID)]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.data).not.toContain('rae.seller');
  });

  it('a retried request with the same id, and two at once, record and send one e-mail', async () => {
    const jane = await agent();
    const to = 'twice.seller@example.com';
    const sendId = randomUUID();
    const body = { sendId, sellerName: 'Twice Seller', sellerEmail: to };
    const [a, b] = await Promise.all([jane.post(path, body), jane.post(path, body)]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect((await jane.post(path, body)).status).toBe(200);
    expect(await sendsOf(sendId)).toHaveLength(1);
    await waitForMails(pool(), to, 1);
    await settle(app.server);
    expect(await mailsTo(pool(), to)).toHaveLength(1);
  });

  it('two senders at once send a queued report once', async () => {
    const jane = await agent();
    const to = 'raced.seller@example.com';
    const kit = app.server.app.get(OutboxKit);
    const senders = [0, 1].map(() => new ReportMailSender(kit, app.server.app.get(SiteResolver), app.server.app.get(SecretKey)));
    expect((await jane.post(path, { sendId: randomUUID(), sellerName: 'Raced Seller', sellerEmail: to })).status).toBe(200);
    await Promise.all([settle(app.server), ...senders.map((s) => s.sendPending())]);
    await Promise.all(senders.map((s) => s.sendPending()));
    await waitForMails(pool(), to, 1);
    expect(await mailsTo(pool(), to)).toHaveLength(1);
  });

  it('refuses an address that bounced (409) and a bad one (400), and sends nothing queued to one that bounced since', async () => {
    const jane = await agent();
    const bounced = 'gone.seller@example.com';
    const now = () => metadataOf(systemContext());
    const bad = await jane.post(path, { sendId: randomUUID(), sellerName: 'Bad', sellerEmail: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Please enter a valid e-mail address' });
    const noName = await jane.post(path, { sendId: randomUUID(), sellerName: '  ', sellerEmail: 'x@example.com' });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ message: "Please enter the seller's name" });

    await recordOnce(app.server.runtime.store, `emailaddr-${emailAddressHash(bounced)}`, [
      {
        type: 'EmailDeliveryReported',
        data: { addressHash: emailAddressHash(bounced), outcome: 'bounced', code: 550, reason: 'mailbox does not exist', at: new Date().toISOString() },
        eventId: randomUUID(),
        metadata: now(),
      },
    ]);
    const refused = await jane.post(path, { sendId: randomUUID(), sellerName: 'Gone', sellerEmail: bounced });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^gone@… bounced on .*: mailbox does not exist$/);

    // A report recorded before the bounce was known is still in the queue: the sender leaves it.
    const sendId = randomUUID();
    const byUserId = (await userIdByEmail(app.server.runtime.store, demoUser('agent').email))!;
    await recordOnce(app.server.runtime.store, listingActivityStream(PDID), [
      {
        type: 'ListingReportEmailed',
        data: { sendId, pdid: PDID, byUserId, sellerName: 'Gone', sellerEmail: bounced, note: '', expiresAt: '2099-01-01T00:00:00Z' },
        eventId: randomUUID(),
        metadata: now(),
      },
    ]);
    await settle(app.server);
    await app.server.app.get(ReportMailSender).sendPending();
    const { rows } = await pool().query<{ state: string }>('SELECT state FROM listing_report_mail_outbox WHERE send_id = $1', [sendId]);
    expect(rows).toEqual([{ state: 'undeliverable' }]);
    expect(await mailsTo(pool(), bounced)).toEqual([]);
  });

  it('another agent’s listing is 404, and the agent is held to an hourly limit (429)', async () => {
    const other = await signIn(app.server, demoUser('agent2').email, 'jane.localhost');
    const hidden = await other.post(path, { sendId: randomUUID(), sellerName: 'X', sellerEmail: 'x@example.com' });
    expect(hidden.status).toBe(404);
    const jane = await agent();
    await pool().query('DELETE FROM rate_limit_hits');
    const statuses: number[] = [];
    for (let i = 0; i <= REPORT_MAILS_PER_AGENT.limit; i++) {
      statuses.push((await jane.post(path, { sendId: randomUUID(), sellerName: `Many ${i}`, sellerEmail: `many${i}@example.com` })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
