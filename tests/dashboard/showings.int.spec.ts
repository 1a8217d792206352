import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { SecretKey } from '../../src/modules/accounts';
import { AutomatedTextSender } from '../../src/modules/compliance/quiet-hours/automated-text-sender';
import { Mailer, readSmsOutbox } from '../../src/modules/messaging';
import { ShowingNotices, ShowingNoticesReactor, ShowingRequests, showingIdOfRequest } from '../../src/modules/showings';
import { demoUser, newLead, registerOffice, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { child, instantOf, parseICalendar, prop, unescapeText } from '../support/ical';
import { mailsTo, type OutboxMail } from '../support/mail-outbox';
import { home } from '../support/reso-home';
import { signedAgreement } from '../support/buyer-agreement';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
/** T-P1 is in Seattle (Pacific time), T-NY1 in Brooklyn (Eastern). */
const SEATTLE = '200 Pine St, Seattle, WA 98101';

/** Showings as appointments (contract 5b): requests made into them once, the office's answers, the .ics e-mails, the day-before reminder. */
describe('showings', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let janeC: WebClient;
  const pool = () => server.runtime.db.pool;
  const sweeper = () =>
    new ShowingNotices({
      pool: pool(),
      store: server.runtime.store,
      mailer: server.app.get(Mailer),
      baseUrl: 'http://demo.localhost',
      secret: () => server.app.get(SecretKey).get(),
      push: async () => undefined,
      wakePushes: () => undefined,
    });
  const patch = (c: WebClient, showingId: string, json: Record<string, unknown>) => c.request('PATCH', `/api/dashboard/showings/${showingId}`, { json });
  const leadShowings = async (c: WebClient, leadId: string) =>
    (await c.get(`/api/dashboard/showings?leadId=${leadId}`)).body.showings as Record<string, unknown>[];
  /** Flushes what the wall clock owes (invitations, cancellations) whoever sends it; answers the mails to the address. */
  const flush = async (to: string) => {
    await settle(server);
    await server.app.get(ShowingNoticesReactor).notices.send(new Date());
    return mailsTo(pool(), to);
  };
  const ics = (m: OutboxMail) => {
    expect(m.attachments).toHaveLength(1);
    const cal = parseICalendar(m.attachments[0]!.content);
    return { cal, ev: child(cal, 'VEVENT'), type: m.attachments[0]!.contentType };
  };

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    await importListings(
      server.runtime.store,
      items([
        home('P1'),
        home('NY1', {
          UnparsedAddress: '12 Court St',
          City: 'Brooklyn',
          StateOrProvince: 'NY',
          PostalCode: '11201',
          CountyOrParish: 'Kings',
          Latitude: 40.69,
          Longitude: -73.99,
        }),
      ]),
      { mls: 'T', ctx: systemContext() },
    );
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => fixture?.stop());

  it('a lead’s request becomes one requested appointment, however many reactors run; the agent confirms and the lead gets an .ics invitation once; a move bumps SEQUENCE; a cancellation sends METHOD:CANCEL to both', async () => {
    const { client: lead, leadId, email } = await newLead(server, 'jane.localhost', { FullName: 'Rhea Requester' });
    await settle(server);
    expect(
      (await lead.post('/api/organizer/schedule', { pdid: 'T-P1', preferredAt: '2030-03-12T14:00:00-07:00', message: 'After work if possible' })).status,
    ).toBe(204);
    await settle(server);
    const requests = server.app.get(ShowingRequests);
    await Promise.all([requests.run(), requests.run(), requests.run()]);
    const [request] = (await server.runtime.store.readStream(`organizer-${leadId}`)).filter((e) => e.type === 'ShowingRequested');
    const showingId = showingIdOfRequest(request!.eventId);
    const stream = await server.runtime.store.readStream(`showing-${showingId}`);
    expect(stream.map((e) => e.type)).toEqual(['ShowingProposed']);
    expect(stream[0]!.data).toEqual({
      showingId,
      leadId,
      siteId: expect.any(String),
      pdid: 'T-P1',
      address: SEATTLE,
      timeZone: 'America/Los_Angeles',
      start: '2030-03-12T21:00:00.000Z',
      end: '2030-03-12T21:30:00.000Z',
      proposedBy: 'lead',
      byUserId: expect.any(String),
      message: 'After work if possible',
      requestEventId: request!.eventId,
    });
    await settle(server);
    expect(await leadShowings(janeC, leadId)).toEqual([
      {
        showingId,
        leadId,
        leadName: 'Rhea Requester',
        agentId: jane.userId,
        pdid: 'T-P1',
        address: SEATTLE,
        timeZone: 'America/Los_Angeles',
        start: '2030-03-12T21:00:00.000Z',
        end: '2030-03-12T21:30:00.000Z',
        status: 'requested',
        proposedBy: 'lead',
        message: 'After work if possible',
      },
    ]);
    // A requested showing sends nothing yet.
    expect(await flush(email)).toEqual([]);

    await signedAgreement(janeC, leadId);
    const confirmed = await patch(janeC, showingId, { status: 'confirmed' });
    expect([confirmed.status, confirmed.body.showing?.status]).toEqual([200, 'confirmed']);
    await flush(email);
    // Two more senders at once: still one invitation.
    await Promise.all([sweeper().send(new Date()), sweeper().send(new Date())]);
    const invitations = (await mailsTo(pool(), email)).filter((m) => m.subject.startsWith('Showing confirmed'));
    expect(invitations.map((m) => m.subject)).toEqual(['Showing confirmed: 200 Pine St, Seattle, WA 98101, Tue, Mar 12, 2:00 PM PDT']);
    const invitation = invitations[0]!;
    // Its Message-ID names the lead, so the relay's reports on it reach the lead's timeline.
    expect(invitation.headers).toEqual({
      'Reply-To': jane.email,
      'Message-ID': expect.stringMatching(new RegExp(`^<showing-notices\\..+\\.lead\\.${leadId}@`)),
    });
    expect(invitation.text).toContain('Tue, Mar 12, 2:00 PM PDT – 2:30 PM\nwith Jane Agent');
    const first = ics(invitation);
    expect(first.type).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(prop(first.cal, 'METHOD').value).toBe('REQUEST');
    expect(prop(first.ev, 'UID').value).toBe(`showing-${showingId}@localhost`);
    expect(prop(first.ev, 'SEQUENCE').value).toBe('0');
    expect(prop(first.ev, 'DTSTAMP').value).toMatch(/^\d{8}T\d{6}Z$/);
    expect(prop(first.ev, 'DTSTART')).toMatchObject({ params: { TZID: 'America/Los_Angeles' }, value: '20300312T140000' });
    expect(instantOf(first.cal, prop(first.ev, 'DTSTART')).toISOString()).toBe('2030-03-12T21:00:00.000Z');
    expect(instantOf(first.cal, prop(first.ev, 'DTEND')).toISOString()).toBe('2030-03-12T21:30:00.000Z');
    expect(unescapeText(prop(first.ev, 'SUMMARY').value)).toBe(`Showing: ${SEATTLE}`);
    expect(unescapeText(prop(first.ev, 'LOCATION').value)).toBe(SEATTLE);
    expect(prop(first.ev, 'ORGANIZER')).toMatchObject({ params: { CN: 'Jane Agent' }, value: `mailto:${jane.email}` });
    expect(prop(first.ev, 'ATTENDEE').value).toBe(`mailto:${email}`);

    // Moved: the same event, SEQUENCE 1, the new time.
    expect((await patch(janeC, showingId, { start: '2030-03-13T10:00:00-07:00' })).body.showing).toMatchObject({
      start: '2030-03-13T17:00:00.000Z',
      end: '2030-03-13T17:30:00.000Z',
      status: 'confirmed',
    });
    const moved = (await flush(email)).filter((m) => m.subject.startsWith('Showing moved'));
    expect(moved.map((m) => m.subject)).toEqual(['Showing moved: 200 Pine St, Seattle, WA 98101, Wed, Mar 13, 10:00 AM PDT']);
    const second = ics(moved[0]!);
    expect([prop(second.ev, 'UID').value, prop(second.ev, 'SEQUENCE').value, prop(second.ev, 'DTSTART').value]).toEqual([
      `showing-${showingId}@localhost`,
      '1',
      '20300313T100000',
    ]);

    // Cancelled: METHOD:CANCEL, SEQUENCE 2, to the lead and to the agent; nothing can change it after.
    expect((await patch(janeC, showingId, { status: 'cancelled' })).status).toBe(200);
    const cancelled = (await flush(email)).filter((m) => m.subject.startsWith('Showing cancelled'));
    expect(cancelled).toHaveLength(1);
    const cancel = ics(cancelled[0]!);
    expect(cancel.type).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect([prop(cancel.cal, 'METHOD').value, prop(cancel.ev, 'UID').value, prop(cancel.ev, 'SEQUENCE').value, prop(cancel.ev, 'STATUS').value]).toEqual([
      'CANCEL',
      `showing-${showingId}@localhost`,
      '2',
      'CANCELLED',
    ]);
    const toJane = (await mailsTo(pool(), jane.email)).filter((m) => m.subject.startsWith('Showing cancelled'));
    expect(toJane.map((m) => m.subject)).toEqual(['Showing cancelled: 200 Pine St, Seattle, WA 98101, Wed, Mar 13, 10:00 AM PDT (Rhea Requester)']);
    expect(toJane[0]!.text).toContain(`/dashboard?lead=${leadId}`);
    expect(await sweeper().send(new Date())).toBe(0);
    expect((await patch(janeC, showingId, { status: 'confirmed' })).body).toEqual({ message: 'This showing was cancelled' });
  });

  it('the day-before reminder at 9 am on the listing’s clock in two zones, once with two senders; a text when the lead allows texts, else an e-mail; void when moved or cancelled', async () => {
    const west = await newLead(server, 'jane.localhost', { FullName: 'Wes West' });
    const east = await newLead(server, 'jane.localhost', { FullName: 'Eve East', Phone: '2125550147' });
    await settle(server);
    // Wes turned texts off: his reminder is an e-mail. Eve allows texts and has a cell: hers is a text.
    expect((await west.client.post('/api/account/update', { UnsubscribeText: true })).status).toBe(200);
    const book = async (leadId: string, pdid: string, start: string) => {
      await signedAgreement(janeC, leadId);
      const res = await janeC.post(`/api/dashboard/leads/${leadId}/showings`, { pdid, start, status: 'confirmed' });
      expect(res.status, res.text).toBe(201);
      return res.body.showingId as string;
    };
    // Tuesday 12 March 2030, after the change to summer time: 9 am on Monday the 11th is 16:00Z in Seattle, 13:00Z in Brooklyn.
    await book(west.leadId, 'T-P1', '2030-03-12T14:00:00-07:00');
    const eastShowing = await book(east.leadId, 'T-NY1', '2030-03-12T14:00:00-04:00');
    // Moved and cancelled ones: their first reminder time passes silently.
    const movedShowing = await book(west.leadId, 'T-P1', '2030-03-20T14:00:00-07:00');
    const cancelledShowing = await book(west.leadId, 'T-P1', '2030-03-20T16:00:00-07:00');
    expect((await patch(janeC, movedShowing, { start: '2030-03-21T14:00:00-07:00' })).status).toBe(200);
    expect((await patch(janeC, cancelledShowing, { status: 'cancelled' })).status).toBe(200);
    await flush(west.email);
    expect((await mailsTo(pool(), east.email)).map((m) => m.subject)).toEqual(['Showing confirmed: 12 Court St, Brooklyn, NY 11201, Tue, Mar 12, 2:00 PM EDT']);

    const [a, b] = [sweeper(), sweeper()];
    const at = (iso: string) => Promise.all([a.send(new Date(iso)), b.send(new Date(iso))]).then(([x, y]) => x + y);
    const reminders = async (to: string) => (await mailsTo(pool(), to)).filter((m) => m.subject.startsWith('Reminder'));
    expect(await at('2030-03-11T12:59:00Z')).toBe(0);
    expect(await at('2030-03-11T13:00:00Z')).toBe(1);
    // The text goes through the automated texts' queue (09:00 for Eve in New York: inside her window).
    expect(await server.app.get(AutomatedTextSender).sendDue(new Date('2030-03-11T13:00:00Z'))).toBe(1);
    expect((await readSmsOutbox(pool(), '2125550147')).map((t) => t.body)).toEqual([
      'Reminder: your showing of 12 Court St, Brooklyn, NY 11201 is on Tue, Mar 12, 2:00 PM EDT, with Jane Agent. Reply STOP to opt out.',
    ]);
    expect(await reminders(east.email)).toEqual([]);
    expect(await at('2030-03-11T15:59:00Z')).toBe(0);
    expect(await at('2030-03-11T16:00:00Z')).toBe(1);
    expect((await reminders(west.email)).map((m) => m.subject)).toEqual(['Reminder: your showing tomorrow — 200 Pine St, Seattle, WA 98101']);
    expect(await at('2030-03-11T23:00:00Z')).toBe(0);
    // The moved showing's first time (9 am on the 19th) reminds nobody; its new one (the 20th) does; the cancelled one never.
    expect(await at('2030-03-19T16:00:00Z')).toBe(0);
    expect(await at('2030-03-20T16:00:00Z')).toBe(1);
    expect(await reminders(west.email)).toHaveLength(2);
    const decided = await pool().query(`SELECT showing_id, state FROM showing_notice_outbox WHERE kind = 'reminder' ORDER BY decided_at`);
    expect(decided.rows).toEqual([
      { showing_id: eastShowing, state: 'sent' },
      expect.objectContaining({ state: 'sent' }),
      { showing_id: movedShowing, state: 'sent' },
    ]);
  });

  it('an agent proposes a showing, confirms later; the calendar lists it with the due tasks in the agent’s zone', async () => {
    const { leadId } = await newLead(server, 'jane.localhost', { FullName: 'Cal Endar' });
    await settle(server);
    const proposed = await janeC.post(`/api/dashboard/leads/${leadId}/showings`, {
      pdid: 'T-P1',
      start: '2030-04-02T10:00:00-07:00',
      end: '2030-04-02T11:00:00-07:00',
    });
    expect(proposed.status).toBe(201);
    expect(
      (await janeC.post(`/api/dashboard/leads/${leadId}/tasks`, { title: 'Print the disclosures', type: 'showing', dueAt: '2030-04-02T08:00:00-07:00' }))
        .status,
    ).toBe(201);
    await settle(server);
    const cal = await janeC.get('/api/dashboard/calendar?from=2030-04-01T07:00:00Z&to=2030-04-08T07:00:00Z');
    expect(cal.status).toBe(200);
    expect(cal.body.timeZone).toEqual(expect.any(String));
    expect(cal.body.showings).toEqual([
      expect.objectContaining({
        showingId: proposed.body.showingId,
        leadName: 'Cal Endar',
        status: 'requested',
        start: '2030-04-02T17:00:00.000Z',
        end: '2030-04-02T18:00:00.000Z',
      }),
    ]);
    expect(cal.body.tasks).toEqual([expect.objectContaining({ title: 'Print the disclosures', leadName: 'Cal Endar', dueAt: '2030-04-02T15:00:00.000Z' })]);
    // Outside the range: nothing.
    expect((await janeC.get('/api/dashboard/calendar?from=2030-04-03T07:00:00Z&to=2030-04-04T07:00:00Z')).body).toMatchObject({ showings: [], tasks: [] });
  });

  it('refuses: bad times, unknown listings, no change; scope like the dashboard (another agent 404, the broker and staff may, a lead 403, signed out 401, another office 404)', async () => {
    const { leadId } = await newLead(server, 'jane.localhost', { FullName: 'Sco Pe' });
    await settle(server);
    const propose = (c: WebClient, body: Record<string, unknown>, id = leadId) => c.post(`/api/dashboard/leads/${id}/showings`, body);
    expect((await propose(janeC, { pdid: 'T-P1', start: '2020-01-01T10:00:00Z' })).body).toEqual({ message: 'Choose a time in the future' });
    expect((await propose(janeC, { pdid: 'T-P1', start: '2030-05-01T10:00:00Z', end: '2030-05-01T09:00:00Z' })).body).toEqual({
      message: 'A showing ends after it starts',
    });
    expect((await propose(janeC, { pdid: 'T-P1', start: '2030-05-01T10:00:00Z', end: '2030-05-01T19:00:00Z' })).body).toEqual({
      message: 'A showing lasts at most 8 hours',
    });
    expect((await propose(janeC, { pdid: 'T-P1', start: '2030-05-01 10:00' })).body).toEqual({ message: 'start must be a date and time with its offset' });
    expect((await propose(janeC, { pdid: 'T-NOPE', start: '2030-05-01T10:00:00Z' })).body).toEqual({ message: 'Listing not found' });
    expect((await propose(janeC, { pdid: 'T-P1', start: '2030-05-01T10:00:00Z', agentId: alex.userId })).body).toEqual({ message: 'Unknown field: agentId' });
    const ok = await propose(janeC, { pdid: 'T-P1', start: '2030-05-01T10:00:00Z' });
    expect(ok.status).toBe(201);
    const showingId = ok.body.showingId as string;
    expect((await patch(janeC, showingId, {})).body).toEqual({ message: 'Say what changes: status, start or end' });
    expect((await patch(janeC, showingId, { status: 'requested' })).status).toBe(400);
    expect((await patch(janeC, showingId, { status: 'done' })).body).toEqual({ message: 'Only a confirmed showing can be done' });

    const alexC = await signIn(server, alex.email);
    expect((await propose(alexC, { pdid: 'T-P1', start: '2030-05-01T10:00:00Z' })).status).toBe(404);
    expect((await patch(alexC, showingId, { status: 'confirmed' })).status).toBe(404);
    expect((await alexC.get(`/api/dashboard/showings?leadId=${leadId}`)).status).toBe(404);
    expect((await alexC.get('/api/dashboard/calendar?from=2030-05-01T00:00:00Z&to=2030-05-02T00:00:00Z&scope=office')).body).toEqual({
      message: "Only brokers see the office's calendar",
    });
    const blair = await signIn(server, broker.email);
    await signedAgreement(janeC, leadId);
    expect((await patch(blair, showingId, { status: 'confirmed' })).status).toBe(200);
    await settle(server);
    const office = await blair.get('/api/dashboard/calendar?from=2030-05-01T00:00:00Z&to=2030-05-02T00:00:00Z&scope=office');
    // Confirmed by the broker, the invitation still names the lead's agent: it stays in Jane's calendar.
    expect(office.body.showings).toEqual([expect.objectContaining({ showingId, agentId: jane.userId, status: 'confirmed' })]);
    expect((await blair.get('/api/dashboard/calendar?from=2030-05-01T00:00:00Z&to=2030-05-02T00:00:00Z')).body.showings).toEqual([]);
    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.get(`/api/dashboard/showings?leadId=${leadId}`)).body.showings).toHaveLength(1);
    expect((await (await signIn(server, 'lead@demo.test', 'demo.localhost')).get(`/api/dashboard/showings?leadId=${leadId}`)).status).toBe(403);
    expect(
      (await WebClient.for(server.url, 'localhost').request('PATCH', `/api/dashboard/showings/${showingId}`, { json: { status: 'cancelled' } })).status,
    ).toBe(401);
    const acme = await registerOffice(server, 'acme-showings');
    expect((await patch(await signIn(server, acme.agents[0]!.email), showingId, { status: 'cancelled' })).status).toBe(404);
    expect((await janeC.get('/api/dashboard/calendar?from=2030-05-01T00:00:00Z&to=2030-08-01T00:00:00Z')).body).toEqual({
      message: 'A calendar read covers at most 62 days',
    });
    expect((await patch(janeC, 'not-an-id', { status: 'cancelled' })).status).toBe(404);
  });
});
