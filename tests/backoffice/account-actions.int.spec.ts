import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { io } from 'socket.io-client';
import { systemContext } from '../../src/commands/command-context';
import { CreateSiteCommand } from '../../src/modules/sites';
import { describe, expect, it } from 'vitest';
import { backofficeWorld, registerPerson } from '../support/backoffice-people';

describe('account actions: commands, events with a reason, shown in the history (issue 7)', () => {
  const w = backofficeWorld();
  const stateOf = async (userId: string) => {
    const res = await w.staff.get(`/api/backoffice/accounts/${userId}/state`);
    expect(res.status).toBe(200);
    return { account: res.body.account, admin: res.body.admin };
  };
  const find = async (qs: string) => (await w.staff.get(`/api/backoffice/findmembers?${qs}`)).body;

  it('merge then unmerge restores both accounts exactly (their folded states)', async () => {
    const kept = await registerPerson(w.server, { email: 'pat.morgan@demo.test', firstName: 'Pat', lastName: 'Morgan', level: 5, siteId: w.cast.siteId });
    const dupe = await registerPerson(w.server, {
      email: 'patm.dup@demo.test',
      firstName: 'Patricia',
      lastName: 'Morgan',
      level: 5,
      siteId: w.cast.siteId,
      cellPhone: '4255550123',
    });
    expect((await w.staff.post(`/api/backoffice/accounts/${dupe.userId}/notes`, { text: 'Called twice about showings', reason: 'Support call' })).status).toBe(
      200,
    );
    expect(
      (
        await w.staff.post(`/api/backoffice/accounts/link`, {
          userId: kept.userId,
          otherUserId: w.cast.lead.userId,
          relation: 'household',
          reason: 'Same address',
        })
      ).status,
    ).toBe(200);
    const before = { kept: await stateOf(kept.userId), dupe: await stateOf(dupe.userId) };

    const merged = await w.staff.post('/api/backoffice/accounts/merge', {
      survivorId: kept.userId,
      mergedId: dupe.userId,
      reason: 'Same person, two sign-ups',
    });
    expect(merged.status).toBe(200);
    expect(merged.body.events).toEqual(['AccountsMerged', 'AccountsMerged']);
    const during = { kept: await stateOf(kept.userId), dupe: await stateOf(dupe.userId) };
    expect(during.dupe.admin.mergedInto).toMatchObject({ userId: kept.userId });
    expect(during.kept.admin.absorbed).toEqual([{ userId: dupe.userId, mergeId: during.dupe.admin.mergedInto.mergeId }]);
    expect(during).not.toEqual(before);

    // The merged account's e-mail now finds the kept one too, and it is listed as merged.
    await w.server.runtime.runner.waitForCatchUp();
    const hits = await find('q=patm.dup');
    expect(hits.members.map((m: { userId: string; status: string }) => [m.userId, m.status]).sort()).toEqual(
      [
        [kept.userId, 'active'],
        [dupe.userId, 'merged'],
      ].sort(),
    );
    // A second merge of the same account, a merge into itself, of w.staff or across levels is refused.
    expect((await w.staff.post('/api/backoffice/accounts/merge', { survivorId: w.cast.lead.userId, mergedId: dupe.userId, reason: 'again' })).status).toBe(409);
    expect((await w.staff.post('/api/backoffice/accounts/merge', { survivorId: kept.userId, mergedId: kept.userId, reason: 'self' })).body).toEqual({
      message: 'An account cannot be merged into itself',
    });
    expect(
      (await w.staff.post('/api/backoffice/accounts/merge', { survivorId: w.cast.staff.userId, mergedId: w.cast.staff2.userId, reason: 'x' })).status,
    ).toBe(403);
    expect((await w.staff.post('/api/backoffice/accounts/merge', { survivorId: w.cast.agent.userId, mergedId: kept.userId, reason: 'x' })).body).toEqual({
      message: 'Only accounts of the same level can be merged',
    });
    expect((await w.staff.post('/api/backoffice/accounts/merge', { survivorId: kept.userId, mergedId: w.cast.lead.userId, reason: '' })).body).toEqual({
      message: 'Please give a reason',
    });

    // The merged account's history stays readable, its own events and the merge with them.
    const dupeHistory = (await w.staff.get(`/api/backoffice/accounts/${dupe.userId}/history`)).body;
    expect(dupeHistory.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['AccountsMerged', 'AccountNoteAdded', 'UserRegistered']));

    const unmerged = await w.staff.post('/api/backoffice/accounts/unmerge', {
      survivorId: kept.userId,
      mergedId: dupe.userId,
      reason: 'They are two people after all',
    });
    expect(unmerged.status).toBe(200);
    const after = { kept: await stateOf(kept.userId), dupe: await stateOf(dupe.userId) };
    expect(after).toEqual(before);
    expect((await w.staff.post('/api/backoffice/accounts/unmerge', { survivorId: kept.userId, mergedId: dupe.userId, reason: 'again' })).status).toBe(409);
    await w.server.runtime.runner.waitForCatchUp();
    expect((await find('q=patm.dup')).members.map((m: { userId: string; status: string }) => [m.userId, m.status])).toEqual([[dupe.userId, 'active']]);
  });

  it('runs each churn, onboarding and invoice action as its own command; each shows in the history with its reason', async () => {
    const u = w.cast.broker.userId;
    const ok = async (path: string, body: Record<string, unknown>) => {
      const res = await w.staff.post(path, body);
      expect({ path, status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ path, status: 200, body: 'ok' });
      return res.body;
    };
    await ok(`/api/backoffice/churn/${u}/offboarding`, { reason: 'Asked to leave at renewal' });
    await ok(`/api/backoffice/churn/${u}/quitrequest`, { quitReason: 'price', reason: 'Budget cut' });
    await ok(`/api/backoffice/churn/${u}/platformlock`, { reason: 'Unpaid balance' });
    expect((await w.staff.post(`/api/backoffice/churn/${u}/platformlock`, { reason: 'again' })).status).toBe(409);
    await ok(`/api/backoffice/churn/${u}/platformunlock`, { reason: 'Balance paid' });
    await ok(`/api/backoffice/churn/${u}/pausemarketing`, { until: '2099-01-01', reason: 'Holiday' });
    await ok(`/api/backoffice/churn/${u}/resumemarketing`, { reason: 'Back' });
    await ok(`/api/backoffice/churn/${u}/restoredomain`, { domain: 'BlairHomes.com', reason: 'Came back' });
    expect((await w.staff.post(`/api/backoffice/churn/${u}/restoredomain`, { domain: 'not a domain', reason: 'x' })).body).toEqual({
      message: 'Please enter a valid domain name',
    });

    await ok(`/api/backoffice/onboarding/${u}/launchsite`, { siteId: w.cast.siteId, reason: 'Ready' });
    expect((await w.staff.post(`/api/backoffice/onboarding/${w.cast.agent.userId}/launchsite`, { siteId: w.cast.siteId, reason: 'x' })).body).toEqual({
      message: 'Please pick a site this account owns',
    });
    await ok(`/api/backoffice/onboarding/${u}/setstatus`, { status: 'launched', reason: 'Site live' });
    await ok(`/api/backoffice/onboarding/${u}/dnsrecords`, {
      domain: 'blairhomes.com',
      records: [
        { type: 'A', name: '@', value: '203.0.113.10' },
        { type: 'CNAME', name: 'www', value: 'demo.porchlight.test' },
      ],
      reason: 'Custom domain',
    });
    expect(
      (
        await w.staff.post(`/api/backoffice/onboarding/${u}/dnsrecords`, {
          domain: 'blairhomes.com',
          records: [{ type: 'A', name: '@', value: '999.1.1.1' }],
          reason: 'x',
        })
      ).status,
    ).toBe(400);
    await ok(`/api/backoffice/onboarding/${u}/terms`, { termsVersion: '2024-05', acceptedOn: '2024-06-01', reason: 'Signed by e-mail' });
    await ok(`/api/backoffice/onboarding/${u}/welcomeemail`, { reason: 'New broker' });
    const { rows: mail } = await w.db.pool.query("SELECT to_address, subject FROM mail_outbox WHERE subject = 'Welcome to Porchlight'");
    expect(mail).toEqual([{ to_address: w.cast.broker.email, subject: 'Welcome to Porchlight' }]);

    const issued = await ok(`/api/backoffice/invoice/${u}`, {
      amountCents: 49_900,
      description: 'Broker plan, June',
      dueOn: '2024-07-01',
      reason: 'Monthly billing',
    });
    const invoiceId = issued.admin.invoices[0].invoiceId;
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/payment`, { amountCents: 20_000, method: 'card', reason: 'Partial payment' });
    expect((await w.staff.post(`/api/backoffice/invoice/${u}/${invoiceId}/payment`, { amountCents: 90_000, method: 'card', reason: 'x' })).body).toEqual({
      message: 'The payment is more than what is owed',
    });
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/dispute`, { reason: 'Client disputes the second half' });
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/credit`, { amountCents: 9_900, reason: 'Goodwill' });
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/notes`, { text: 'Agreed on the phone', reason: 'Record of the call' });
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/email`, { reason: 'Client asked for a copy' });
    await ok(`/api/backoffice/invoice/${u}/${invoiceId}/writeoff`, { reason: 'Not worth chasing' });
    const written = await stateOf(u);
    expect(written.admin.invoices[0]).toMatchObject({
      number: 'INV-0001',
      paidCents: 20_000,
      creditedCents: 9_900,
      writtenOffCents: 20_000,
      status: 'written-off',
    });
    expect((await w.staff.post(`/api/backoffice/invoice/${u}/${invoiceId}/void`, { reason: 'x' })).status).toBe(409);
    const second = await ok(`/api/backoffice/invoice/${u}`, { amountCents: 1_000, description: 'Setup', dueOn: '2024-07-01', reason: 'Setup fee' });
    await ok(`/api/backoffice/invoice/${u}/${second.admin.invoices[1].invoiceId}/void`, { reason: 'Waived' });
    expect((await w.staff.post(`/api/backoffice/invoice/${u}/00000000-0000-4000-8000-00000000abcd/void`, { reason: 'x' })).status).toBe(404);

    const history = (await w.staff.get(`/api/backoffice/accounts/${u}/history?perpage=200`)).body;
    const staffActions = history.events.filter((e: { streamId: string }) => e.streamId === `backoffice-${u}`);
    expect(new Set(staffActions.map((e: { type: string }) => e.type))).toEqual(
      new Set([
        'OffboardingStarted',
        'QuitRequested',
        'PlatformLocked',
        'PlatformUnlocked',
        'MarketingPaused',
        'MarketingResumed',
        'DomainRestored',
        'SiteLaunched',
        'OnboardingStatusSet',
        'DnsRecordsSet',
        'TermsRecorded',
        'WelcomeEmailSent',
        'InvoiceIssued',
        'InvoicePaymentRecorded',
        'InvoiceDisputed',
        'InvoiceCredited',
        'InvoiceNoteAdded',
        'InvoiceEmailed',
        'InvoiceWrittenOff',
        'InvoiceVoided',
      ]),
    );
    for (const e of staffActions)
      expect(e).toMatchObject({ actorId: w.cast.staff.userId, impersonatorId: null, data: { userId: u, reason: expect.any(String) } });
    expect(history.people[w.cast.staff.userId].name).toBe('Sam Staff');
    await w.server.runtime.runner.waitForCatchUp();
    expect((await find(`q=blair`)).members[0]).toMatchObject({ userId: u, status: 'offboarding' });
  });

  it('finds members by name, e-mail, phone, site and level, paged', async () => {
    await w.server.runtime.runner.waitForCatchUp();
    expect((await find('q=lee')).members.map((m: { email: string }) => m.email)).toEqual([w.cast.lead.email]);
    expect((await find('phone=(206)%20555-0100')).members.map((m: { email: string }) => m.email)).toEqual([w.cast.lead.email]);
    expect((await find('q=206-555')).total).toBe(1);
    expect((await find('email=DEMO.TEST&level=10')).members.map((m: { email: string }) => m.email)).toEqual([w.cast.agent.email]);
    // An agent's site is the one they own, not the office site they signed up on.
    await w.server.app
      .get(CommandBus)
      .execute(
        new CreateSiteCommand(
          { siteId: randomUUID(), subdomain: 'jane', name: 'Jane Agent Homes', kind: 'agent', ownerUserId: w.cast.agent.userId, isDefault: false },
          systemContext(),
        ),
      );
    await w.server.runtime.runner.waitForCatchUp();
    expect((await find('email=DEMO.TEST&level=10')).members[0]).toMatchObject({ siteSubdomain: 'jane', siteName: 'Jane Agent Homes' });
    expect((await find('q=lee')).members[0]).toMatchObject({ siteSubdomain: 'demo', siteName: 'Demo Realty' });
    const site = await find('site=demo&perpage=2');
    expect(site.total).toBeGreaterThanOrEqual(4);
    expect(site.members).toHaveLength(2);
    // Found by the site they signed up on; each shown with the site that is theirs.
    expect(site.members.map((m: { fullName: string; siteSubdomain: string }) => [m.fullName, m.siteSubdomain])).toEqual([
      ['Jane Agent', 'jane'],
      ['Blair Broker', 'demo'],
    ]);
    expect((await find('level=25')).members.map((m: { email: string }) => m.email).sort()).toEqual([w.cast.staff.email, w.cast.staff2.email].sort());
    expect((await find('q=100%25')).total).toBe(0);
    expect((await w.staff.get('/api/backoffice/findmembers?level=7')).status).toBe(400);
    const quick = (await w.staff.get('/api/backoffice/search?q=demo')).body;
    expect(quick.sites).toEqual([expect.objectContaining({ subdomain: 'demo', ownerUserId: w.cast.broker.userId })]);
  });

  it('tells open back-office screens over socket.io when an account they show changes', async () => {
    const socket = io(w.server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: w.staff.cookieHeader(), origin: new URL(w.server.url).origin },
      reconnection: false,
    });
    const seen: { name: string; payload: Record<string, unknown> }[] = [];
    socket.on('backoffice.accountChanged', (payload: Record<string, unknown>) => seen.push({ name: 'backoffice.accountChanged', payload }));
    socket.on('backoffice.memberChanged', (payload: Record<string, unknown>) => seen.push({ name: 'backoffice.memberChanged', payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      await w.staff.post(`/api/backoffice/accounts/${w.cast.agent.userId}/notes`, { text: 'Asked about leads', reason: 'Call' });
      await w.staff.post(`/api/backoffice/churn/${w.cast.agent.userId}/platformlock`, { reason: 'Unpaid' });
      await w.server.runtime.runner.waitForCatchUp();
      await expect.poll(() => seen.map((s) => s.name)).toEqual(expect.arrayContaining(['backoffice.accountChanged', 'backoffice.memberChanged']));
      expect(seen.find((s) => s.name === 'backoffice.accountChanged')!.payload).toMatchObject({
        userId: w.cast.agent.userId,
        types: expect.arrayContaining(['AccountNoteAdded']),
        position: expect.any(String),
      });
      expect(seen.find((s) => s.name === 'backoffice.memberChanged')!.payload).toMatchObject({ userIds: [w.cast.agent.userId] });
    } finally {
      socket.close();
    }
  });
});
