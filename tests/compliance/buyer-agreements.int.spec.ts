import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { ALREADY_SIGNED, ENDS_BEFORE_START, FLAT_POSITIVE, PERCENT_RANGE } from '../../src/modules/agreements/agreements.decide';
import { AgreementExpiryReminders, reminderTaskId } from '../../src/modules/agreements';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { NEEDS_AGREEMENT } from '../../src/modules/showings/answer-showing/answer-showing.decide';
import { demoUser, newLead, registerOffice, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { signedAgreement, uploadDocument } from '../support/buyer-agreement';
import { waitForMails } from '../support/mail-outbox';
import { home } from '../support/reso-home';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const today = () => new Date().toISOString().slice(0, 10);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** 2 pm on 12 March next year in Seattle (the listing's clock). */
const MARCH_12 = `${NEXT_YEAR}-03-12T14:00:00-07:00`;
const terms = (over: Record<string, unknown> = {}) => ({
  type: 'exclusive',
  compensation: { kind: 'percent', value: 2.5 },
  startsOn: today(),
  endsOn: `${NEXT_YEAR}-12-31`,
  ...over,
});

/** Buyer agreements (contract section 13): drafted by the office, signed once by the lead's link, required to confirm a showing of a listing. */
describe('buyer agreements', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let janeC: WebClient;
  const anyone = () => WebClient.for(server.url, 'jane.localhost');
  const create = (leadId: string, body: Record<string, unknown>, c = janeC) => c.post(`/api/dashboard/leads/${leadId}/agreements`, body);
  const list = async (leadId: string) => (await janeC.get(`/api/dashboard/leads/${leadId}/agreements`)).body.agreements as Record<string, unknown>[];
  const propose = (leadId: string, body: Record<string, unknown>) => janeC.post(`/api/dashboard/leads/${leadId}/showings`, body);
  const confirm = (showingId: string) => janeC.request('PATCH', `/api/dashboard/showings/${showingId}`, { json: { status: 'confirmed' } });
  const lead = async (name: string) => {
    const l = await newLead(server, 'jane.localhost', { FullName: name });
    await settle(server);
    return l;
  };

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    const openHouse = {
      OpenHouseKey: 'OH1',
      OpenHouseStartTime: `${NEXT_YEAR}-03-15T13:00:00-07:00`,
      OpenHouseEndTime: `${NEXT_YEAR}-03-15T15:00:00-07:00`,
      OpenHouseType: 'Public',
      OpenHouseStatus: 'Active',
    };
    const items: ImportItem[] = [home('P1'), home('OH', { OpenHouse: [openHouse] })].map((r, i) => ({ record: i + 1, line: null, parse: () => r }));
    await importListings(server.runtime.store, items, { mls: 'T', ctx: systemContext() });
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });
  afterAll(async () => fixture?.stop());

  it('is drafted with clear messages for bad terms; only the lead’s agent, the broker and staff see it (another office 404)', async () => {
    const { leadId } = await lead('Tess Terms');
    expect((await create(leadId, terms({ endsOn: today() }))).body).toEqual({ message: ENDS_BEFORE_START });
    expect((await create(leadId, terms({ compensation: { kind: 'percent', value: 120 } }))).body).toEqual({ message: PERCENT_RANGE });
    expect((await create(leadId, terms({ compensation: { kind: 'flat', value: 0 } }))).body).toEqual({ message: FLAT_POSITIVE });
    expect((await create(leadId, terms({ type: 'forever' }))).body).toEqual({ message: 'type must be one of exclusive, non_exclusive, touring' });
    expect((await create(leadId, terms({ startsOn: '12/03/2031' }))).body).toEqual({ message: 'startsOn must be a date (YYYY-MM-DD)' });
    expect((await create(leadId, terms({ uploadId: `${'a'.repeat(32)}.pdf` }))).status).toBe(400);
    expect((await create(leadId, terms({ signedBy: 'me' }))).status).toBe(400);

    const uploadId = await uploadDocument(janeC);
    const made = await create(leadId, terms({ compensation: { kind: 'flat', value: 10000 }, uploadId }));
    expect(made.status, made.text).toBe(201);
    expect(await list(leadId)).toEqual([
      expect.objectContaining({
        agreementId: made.body.agreementId,
        type: 'exclusive',
        compensation: { kind: 'flat', value: 10000 },
        uploadId,
        state: 'draft',
        signed: null,
      }),
    ]);

    expect((await create(leadId, terms(), await signIn(server, alex.email))).status).toBe(404);
    const acme = await registerOffice(server, 'acme-agreements');
    const outsider = await signIn(server, acme.agents[0]!.email);
    expect((await outsider.get(`/api/dashboard/leads/${leadId}/agreements`)).status).toBe(404);
    expect((await outsider.post(`/api/dashboard/leads/${leadId}/agreements/${made.body.agreementId}/void`, {})).status).toBe(404);
    const blair = await signIn(server, broker.email);
    expect((await blair.get(`/api/dashboard/leads/${leadId}/agreements`)).body.agreements).toHaveLength(1);
  });

  it('sent for signature by e-mail: the lead reads the terms, types their name and signs once (time, address, browser kept); the second use is refused', async () => {
    const { leadId, email } = await lead('Sam Signer');
    const { agreementId } = (await create(leadId, terms())).body;
    const sent = await janeC.post(`/api/dashboard/leads/${leadId}/agreements/${agreementId}/send`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.agreement).toMatchObject({ state: 'sent' });
    const [mail] = (await waitForMails(server.runtime.db.pool, email, 1)).filter((m) => m.subject.startsWith('Please review and sign'));
    expect(mail!.text).toContain('Compensation: 2.5% of the purchase price.');
    const url = new URL(/(http\S+\/agreements\/sign\?t=\S+)/.exec(mail!.text)![1]!);
    const t = url.searchParams.get('t')!;

    const seen = await anyone().get(`/api/agreements/sign?t=${encodeURIComponent(t)}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({
      leadName: 'Sam Signer',
      typeWords: 'Exclusive buyer representation',
      compensation: '2.5% of the purchase price',
      state: 'sent',
    });
    expect((await anyone().post('/api/agreements/sign', { t, name: 'Sam Signer' })).body).toEqual({ message: 'Tick that you accept the agreement' });
    expect((await anyone().post('/api/agreements/sign', { t: `${t.slice(0, -2)}xx`, name: 'Sam Signer', accept: true })).status).toBe(403);

    const signed = await anyone().request('POST', '/api/agreements/sign', {
      json: { t, name: '  Sam Signer ', accept: true },
      headers: { 'user-agent': 'SignerPhone/1.0' },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.view).toMatchObject({ state: 'signed' });
    const again = await anyone().post('/api/agreements/sign', { t, name: 'Sam Signer', accept: true });
    expect(again).toMatchObject({ status: 409, body: { message: ALREADY_SIGNED } });

    const [agreement] = await list(leadId);
    expect(agreement).toMatchObject({
      state: 'signed',
      signed: { how: 'link', name: 'Sam Signer', userAgent: 'SignerPhone/1.0', ipAddress: expect.any(String) },
    });
    const stream = await server.runtime.store.readStream(`buyer-agreements-${leadId}`);
    expect(stream.map((e) => e.type)).toEqual(['BuyerAgreementDrafted', 'BuyerAgreementSent', 'BuyerAgreementSigned']);

    // The evidence export names it among the lead's agreements and chains its events.
    const evidence = (await janeC.get(`/api/dashboard/leads/${leadId}/evidence`)).body;
    expect(evidence.agreements).toEqual(expect.arrayContaining([expect.objectContaining({ agreementId, how: 'link', name: 'Sam Signer' })]));
    expect(evidence.entries.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['BuyerAgreementDrafted', 'BuyerAgreementSigned']));
  });

  it('a showing of a listing is confirmed only with an agreement in force on its day; open houses are exempt; a void agreement covers nothing', async () => {
    const { leadId, client } = await lead('Nora Nobody');
    const requested = await propose(leadId, { pdid: 'T-P1', start: MARCH_12 });
    expect(requested.status, requested.text).toBe(201);
    const refused = await confirm(requested.body.showingId);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Nora Nobody has no buyer agreement in force on 12 March; add or sign one first' } });
    expect((await propose(leadId, { pdid: 'T-P1', start: MARCH_12, status: 'confirmed' })).status).toBe(409);
    // The lead cannot confirm it either, by accepting a time the agent proposed.
    const proposal = await propose(leadId, { pdid: 'T-P1', start: `${NEXT_YEAR}-03-12T16:00:00-07:00` });
    expect((await client.post(`/api/organizer/showings/${proposal.body.showingId}/accept`, {})).body).toEqual({ message: NEEDS_AGREEMENT });
    // An agreement that ends before the day does not cover it.
    await signedAgreement(janeC, leadId, { startsOn: today(), endsOn: `${NEXT_YEAR}-03-11` });
    expect((await confirm(requested.body.showingId)).status).toBe(409);

    // During a public open house: no agreement needed.
    const walkIn = await propose(leadId, { pdid: 'T-OH', start: `${NEXT_YEAR}-03-15T13:30:00-07:00`, status: 'confirmed' });
    expect(walkIn.status, walkIn.text).toBe(201);
    expect((await propose(leadId, { pdid: 'T-OH', start: `${NEXT_YEAR}-03-15T16:30:00-07:00`, status: 'confirmed' })).status).toBe(409);

    const agreementId = await signedAgreement(janeC, leadId, { startsOn: today(), endsOn: `${NEXT_YEAR}-06-30` });
    const ok = await confirm(requested.body.showingId);
    expect([ok.status, ok.body.showing?.status]).toEqual([200, 'confirmed']);
    expect((await client.post(`/api/organizer/showings/${proposal.body.showingId}/accept`, {})).body.showing).toMatchObject({ status: 'confirmed' });

    expect((await janeC.post(`/api/dashboard/leads/${leadId}/agreements/${agreementId}/void`, {})).body.agreement).toMatchObject({ state: 'void' });
    const next = await propose(leadId, { pdid: 'T-P1', start: `${NEXT_YEAR}-04-02T10:00:00-07:00` });
    expect((await confirm(next.body.showingId)).status).toBe(409);
  });

  it("the broker's list names the buyers touring without an agreement in force, with their agent and next showing", async () => {
    const { leadId } = await lead('Una Uncovered');
    const covered = await lead('Cora Covered');
    expect((await propose(leadId, { pdid: 'T-P1', start: MARCH_12 })).status).toBe(201);
    await signedAgreement(janeC, covered.leadId);
    expect((await propose(covered.leadId, { pdid: 'T-P1', start: MARCH_12, status: 'confirmed' })).status).toBe(201);
    await settle(server);
    const blair = await signIn(server, broker.email);
    const { buyers } = (await blair.get('/api/dashboard/agreements/uncovered')).body;
    expect(buyers).toEqual(
      expect.arrayContaining([
        {
          leadId,
          leadName: 'Una Uncovered',
          agentId: jane.userId,
          agentName: 'Jane Agent',
          nextShowing: expect.objectContaining({ address: expect.stringContaining('Pine St') }),
        },
      ]),
    );
    expect(buyers.map((b: { leadId: string }) => b.leadId)).not.toContain(covered.leadId);
    expect(
      (await (await signIn(server, alex.email)).get('/api/dashboard/agreements/uncovered')).body.buyers.map((b: { leadId: string }) => b.leadId),
    ).not.toContain(leadId);
  });

  it('7 days before a signed agreement ends, its agent gets one renewal task, however many reactors run', async () => {
    const { leadId } = await lead('Rita Renewal');
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const ending = await signedAgreement(janeC, leadId, { startsOn: today(), endsOn: inDays(5) });
    await signedAgreement(janeC, leadId, { startsOn: today(), endsOn: inDays(30) });
    await settle(server);
    const reminders = server.app.get(AgreementExpiryReminders);
    await Promise.all([reminders.run(new Date()), reminders.run(new Date())]);
    await settle(server);
    expect(await reminders.run(new Date())).toBe(0);
    const tasks = (await janeC.get(`/api/dashboard/tasks?leadId=${leadId}`)).body.tasks as { taskId: string; title: string; assigneeId: string }[];
    expect(tasks).toEqual([
      expect.objectContaining({
        taskId: reminderTaskId(ending),
        assigneeId: jane.userId,
        title: expect.stringMatching(/^Renew Rita Renewal's buyer agreement: it ends on /),
      }),
    ]);
    const reminded = (await server.runtime.store.readStream(`buyer-agreements-${leadId}`)).filter((e) => e.type === 'BuyerAgreementReminded');
    expect(reminded.map((e) => e.data)).toEqual([{ agreementId: ending, leadId, taskId: reminderTaskId(ending) }]);
  });
});
