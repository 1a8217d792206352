import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { ThreadItem } from '../../src/contract/thread';
import type { Started } from '../../src/main';
import { AutomatedTextSender } from '../../src/modules/compliance/quiet-hours/automated-text-sender';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { readSmsOutbox } from '../../src/modules/messaging';
import { ShowingNoticesReactor } from '../../src/modules/showings';
import { signedAgreement } from '../support/buyer-agreement';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { leadSignedInFrom } from '../support/lead-zone';
import { waitForMails } from '../support/mail-outbox';
import { mailgunEnv, mailgunEvent, mailgunSample } from '../support/mailgun-stand-in';
import { home } from '../support/reso-home';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/** A showing's reminder text is an automated text to a lead like any other: it waits for the lead's window. */
describe("showing reminders by text keep the lead's quiet hours", () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let janeC: WebClient;

  beforeAll(async () => {
    fixture = await startDashboardServer(mailgunEnv());
    server = fixture.server;
    // T-P1 is in Seattle (Pacific time).
    await importListings(server.runtime.store, items([home('P1')]), { mls: 'T', ctx: systemContext() });
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => fixture?.stop());

  it('a reminder due at 23:00 for a New York lead, the night the clocks go back, goes at 08:00 EST; one whose showing began by then is dropped; one whose showing was cancelled is taken back', async () => {
    const { leadId } = await newLead(server, 'jane.localhost', { FullName: 'Nora Night', Phone: '2125550161' });
    await leadSignedInFrom(server, leadId, 'America/New_York');
    await settle(server);
    await signedAgreement(janeC, leadId);
    const book = async (start: string) => {
      const res = await janeC.post(`/api/dashboard/leads/${leadId}/showings`, { pdid: 'T-P1', start, status: 'confirmed' });
      expect(res.status, res.text).toBe(201);
      return res.body.showingId as string;
    };
    // Sunday 3 November 2030, the day the clocks go back: each reminds at 9 am PDT on Saturday (16:00Z), 12:00 in New York.
    await book('2030-11-03T14:00:00-08:00');
    await book('2030-11-03T04:30:00-08:00');
    const cancelled = await book('2030-11-03T16:00:00-08:00');
    await settle(server);
    const notices = server.app.get(ShowingNoticesReactor).notices;
    await notices.send(new Date());

    // No instance ran at 9 am; the first sweep after is at 23:00 EDT for the lead (03:00Z), still within the reminders' day.
    expect(await notices.send(new Date('2030-11-03T03:00:00Z'))).toBe(3);
    expect(await readSmsOutbox(server.runtime.db.pool, '2125550161')).toEqual([]);
    await settle(server);
    const timeline = ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
    expect(timeline.filter((s) => s.startsWith('Automated text held'))).toEqual(
      Array(3).fill("Automated text held for quiet hours until Sun 08:00 (the lead's time)"),
    );

    expect((await janeC.request('PATCH', `/api/dashboard/showings/${cancelled}`, { json: { status: 'cancelled' } })).status).toBe(200);
    await settle(server);
    // Two instances sweeping at once take the same reminder back: one line on the timeline.
    await Promise.all([notices.send(new Date('2030-11-03T03:05:00Z')), notices.send(new Date('2030-11-03T03:05:00Z'))]);

    const sender = server.app.get(AutomatedTextSender);
    // 07:59 EST is 12:59Z: a day later by the clock of the evening before (12:00Z) would be 07:00.
    expect(await sender.sendDue(new Date('2030-11-03T12:59:00Z'))).toBe(0);
    expect(await readSmsOutbox(server.runtime.db.pool, '2125550161')).toEqual([]);
    const sent = await Promise.all([sender.sendDue(new Date('2030-11-03T13:00:00Z')), sender.sendDue(new Date('2030-11-03T13:00:00Z'))]);
    expect(sent[0] + sent[1]).toBe(1);
    expect((await readSmsOutbox(server.runtime.db.pool, '2125550161')).map((t) => t.body)).toEqual([
      'Reminder: your showing of 200 Pine St, Seattle, WA 98101 is on Sun, Nov 3, 2:00 PM PST, with Jane Agent. Reply STOP to opt out.',
    ]);
    const states = await server.runtime.db.pool.query<{ state: string }>(`SELECT state FROM automated_texts WHERE lead_id = $1 ORDER BY state`, [leadId]);
    expect(states.rows.map((r) => r.state)).toEqual(['expired', 'sent', 'withdrawn']);

    // A reminder that will never go says so on the lead's timeline, as a held one said when it would.
    await settle(server);
    const after = ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
    expect(after.filter((s) => s.startsWith('Reminder for the showing')).sort()).toEqual([
      'Reminder for the showing on Sun, Nov 3, 4:00 PM PST withdrawn: the showing was cancelled',
      'Reminder for the showing on Sun, Nov 3, 7:30 AM EST not sent: the showing had begun',
    ]);

    // On the lead's thread as the agent's automated text.
    const items: ThreadItem[] = (await janeC.get(`/api/dashboard/leads/${leadId}/thread`)).body.items;
    expect(items.filter((i) => i.channel === 'text').map((i) => i.body)).toEqual([expect.stringMatching(/^Reminder: your showing of 200 Pine St/)]);
  });

  it("a showing notice e-mailed to the lead names the lead in its Message-ID: Mailgun's bounce of it is a line of that lead's timeline", async () => {
    const { leadId, email } = await newLead(server, 'jane.localhost', { FullName: 'Ike Invite' });
    await settle(server);
    await signedAgreement(janeC, leadId);
    const booked = await janeC.post(`/api/dashboard/leads/${leadId}/showings`, { pdid: 'T-P1', start: '2030-12-03T14:00:00-08:00', status: 'confirmed' });
    expect(booked.status).toBe(201);
    const showingId = booked.body.showingId as string;
    await settle(server);
    await server.app.get(ShowingNoticesReactor).notices.send(new Date());
    const [invitation] = await waitForMails(server.runtime.db.pool, email, 1);
    const messageId = invitation!.headers['Message-ID']!;
    expect(messageId).toMatch(new RegExp(`^<showing-notices\\.[0-9a-f-]{36}\\.invite\\.0\\.lead\\.${leadId}@`));
    const res = await fetch(`${server.url}/api/messaging/email/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mailgunEvent(mailgunSample('failed-permanent', email, messageId))),
    });
    expect(res.status).toBe(204);
    await settle(server);
    const timeline = ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
    expect(timeline).toContain('Showing notice e-mail bounced: mailbox does not exist (code 550)');

    // The address bounced for good: the showing's cancellation is not e-mailed to it, and the timeline says why.
    expect((await janeC.request('PATCH', `/api/dashboard/showings/${showingId}`, { json: { status: 'cancelled' } })).status).toBe(200);
    await settle(server);
    const notices = server.app.get(ShowingNoticesReactor).notices;
    await notices.send(new Date());
    await notices.send(new Date());
    await settle(server);
    const sent = (await waitForMails(server.runtime.db.pool, email, 1)).filter((m) => m.headers['Message-ID']?.startsWith('<showing-notices.'));
    expect(sent.map((m) => m.headers['Message-ID'])).toEqual([messageId]);
    const after = ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body.timeline as { summary: string }[]).map((t) => t.summary);
    expect(after.filter((s) => s.includes('bounced on'))).toHaveLength(1);
  });
});
