import { beforeAll, describe, expect, it } from 'vitest';
import { WebClient } from '../support/web-client';
import { demoUser, newLead, type Office, registerOffice, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';

/**
 * Issue 19 part 4: a hand-checked fixture of 50 leads on a fresh office (agents O1, O2, O3 in
 * joining order) routed under six versions of its rules, then simulated: the replay under the
 * rules of their time reproduces every assignment, and a candidate gives the expected diff.
 */
type Step = `O${1 | 2 | 3}` | `O${1 | 2 | 3}:listing` | 'pond';

// L: the lead asked about SIM-1, whose listing agent is O3. Each phase's sequence was worked out by hand from the rules of that phase.
const PHASES: { rules: Record<string, unknown> | 'deactivate O3' | null; version: number; leads: [listing: boolean, expected: Step][] }[] = [
  // v0: three agents of weight 1, listing agent first.
  {
    rules: null,
    version: 0,
    leads: [
      [false, 'O1'],
      [false, 'O2'],
      [false, 'O3'],
      [true, 'O3:listing'],
      [false, 'O1'],
      [false, 'O2'],
      [false, 'O3'],
      [false, 'O1'],
      [true, 'O3:listing'],
      [false, 'O2'],
      [false, 'O3'],
      [false, 'O1'],
    ],
  },
  // v1: O1 weight 2, O3 off (so SIM-1's listing agent is off: round robin). O1 took the last turn once.
  {
    rules: { listingAgentFirst: true, weights: { O1: 2 }, off: ['O3'], pond: { enabled: false, claimWindowMinutes: 15 } },
    version: 1,
    leads: [
      [false, 'O1'],
      [false, 'O2'],
      [false, 'O1'],
      [true, 'O1'],
      [false, 'O2'],
      [false, 'O1'],
      [false, 'O1'],
      [false, 'O2'],
    ],
  },
  // v2: everyone back, weights 1, listing agent not first.
  {
    rules: { listingAgentFirst: false, weights: {}, off: [], pond: { enabled: false, claimWindowMinutes: 15 } },
    version: 2,
    leads: [
      [false, 'O3'],
      [true, 'O1'],
      [false, 'O2'],
      [false, 'O3'],
      [true, 'O1'],
      [false, 'O2'],
    ],
  },
  // v3: O3 taken out of the rotation on the Team view (POST .../deactivate): a version too, with who.
  {
    rules: 'deactivate O3',
    version: 3,
    leads: [
      [false, 'O1'],
      [true, 'O2'],
      [false, 'O1'],
      [false, 'O2'],
    ],
  },
  // v4: the pond with a claim window of 0: every new lead goes straight to it.
  {
    rules: { listingAgentFirst: true, weights: {}, off: ['O3'], pond: { enabled: true, claimWindowMinutes: 0 } },
    version: 4,
    leads: [
      [false, 'pond'],
      [true, 'pond'],
      [false, 'pond'],
    ],
  },
  // v5: pond off, everyone on, O2 weight 3 (O2 took the last turn, once).
  {
    rules: { listingAgentFirst: true, weights: { O2: 3 }, off: [], pond: { enabled: false, claimWindowMinutes: 15 } },
    version: 5,
    leads: [
      [false, 'O2'],
      [false, 'O2'],
      [true, 'O3:listing'],
      [false, 'O3'],
      [false, 'O1'],
      [false, 'O2'],
      [false, 'O2'],
      [false, 'O2'],
      [false, 'O3'],
      [false, 'O1'],
      [true, 'O3:listing'],
      [false, 'O2'],
      [false, 'O2'],
      [false, 'O2'],
      [false, 'O3'],
      [false, 'O1'],
      [false, 'O2'],
    ],
  },
];

const CANDIDATE = { listingAgentFirst: true, weights: {}, off: ['O2'], pond: { enabled: false, claimWindowMinutes: 15 } };

type Placement = { agentId: string | null; rule: string };

describe('routing simulation: replaying a past period from the event log (issue 19 part 4)', () => {
  const app = dashboardServer();
  let office: Office;
  let broker: WebClient;
  const ids: Record<string, string> = {};
  const fixture: { leadId: string; listing: boolean; expected: Step }[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const named = (rules: Record<string, unknown>) => ({
    ...rules,
    weights: Object.fromEntries(Object.entries(rules.weights as Record<string, number>).map(([k, w]) => [ids[k]!, w])),
    off: (rules.off as string[]).map((k) => ids[k]!),
  });
  const placementOf = (s: Step): Placement =>
    s === 'pond' ? { agentId: null, rule: 'pond-first' } : { agentId: ids[s.slice(0, 2)]!, rule: s.endsWith(':listing') ? 'listing-agent' : 'round-robin' };

  beforeAll(async () => {
    const { server } = app;
    office = await registerOffice(server, 'simoffice', 3);
    office.agents.forEach((a, i) => (ids[`O${i + 1}`] = a.userId));
    broker = await signIn(server, office.brokerEmail);
    expect((await broker.post('/api/dashboard/routing/listingagent', { pdid: 'SIM-1', agentId: ids.O3 })).status).toBe(200);
    for (const phase of PHASES) {
      if (phase.rules === 'deactivate O3') expect((await broker.post(`/api/dashboard/agents/${ids.O3}/deactivate`)).status).toBe(200);
      else if (phase.rules) {
        const res = await broker.request('PUT', '/api/dashboard/routing/rules', { json: { rules: named(phase.rules) } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.rules.version).toBe(phase.version);
      }
      await settle(server);
      // 53 inquiries from one test address would pass the inquiry limit (30 an hour): its window ends early for each phase.
      await server.runtime.db.pool.query(`UPDATE rate_limit_hits SET expires_at = now() - interval '1 second'`);
      for (const [listing, expected] of phase.leads) {
        const { leadId } = await newLead(server, 'simoffice.localhost', listing ? { pdid: 'SIM-1' } : {});
        await settle(server);
        fixture.push({ leadId, listing, expected });
      }
    }
  }, 240_000);

  it('the fixture: 50 leads, each routed as worked out by hand, with the version of the rules in force recorded', async () => {
    expect(fixture).toHaveLength(50);
    let i = 0;
    for (const phase of PHASES) {
      for (const _ of phase.leads) {
        const { leadId, expected } = fixture[i++]!;
        const events = await app.server.runtime.store.readStream(`lead-${leadId}`);
        const placed = events.find((e) => e.type === 'LeadAssigned' || e.type === 'LeadPutInPond')!;
        const data = placed.data as { agentId?: string; rule?: string; ruleVersion?: number; reason?: string };
        const got: Placement = placed.type === 'LeadPutInPond' ? { agentId: null, rule: 'pond-first' } : { agentId: data.agentId!, rule: data.rule! };
        expect([i, got], `lead ${i}`).toEqual([i, placementOf(expected)]);
        if (placed.type === 'LeadAssigned') expect(data.ruleVersion, `lead ${i}`).toBe(phase.version);
      }
    }
  });

  it('simulating the actual rules gives what happened, and the candidate (O2 off) gives the hand-checked diff; nothing is appended', async () => {
    const { server } = app;
    const before = await server.runtime.store.lastCommitted();
    const res = await broker.post('/api/dashboard/routing/simulation', { from: today, to: today, rules: named(CANDIDATE) });
    expect(res.status, res.text).toBe(200);
    expect(await server.runtime.store.lastCommitted()).toEqual(before);
    const body = res.body as {
      leads: number;
      unfaithful: number;
      agents: { agentId: string | null; actual: number; candidate: number }[];
      changed: (Placement & { leadId: string; actual: Placement; candidate: Placement })[];
      changedCount: number;
      inForce: { version: number };
    };
    expect([body.leads, body.unfaithful, body.inForce.version]).toEqual([50, 0, 5]);

    // Candidate by hand: O2 off, so SIM-1 leads go to their listing agent O3 and the others alternate O1, O3 from a fresh rotation.
    let k = 0;
    const candidate = fixture.map((l): Placement => (l.listing ? placementOf('O3:listing') : placementOf(k++ % 2 === 0 ? 'O1' : 'O3')));
    const actual = fixture.map((l) => placementOf(l.expected));
    const count = (ps: Placement[], id: string | null) => ps.filter((p) => p.agentId === id).length;
    const table = Object.fromEntries(body.agents.map((a) => [a.agentId ?? 'pond', [a.actual, a.candidate]]));
    expect(table).toEqual({
      [ids.O1!]: [count(actual, ids.O1!), count(candidate, ids.O1!)],
      [ids.O2!]: [count(actual, ids.O2!), 0],
      [ids.O3!]: [count(actual, ids.O3!), count(candidate, ids.O3!)],
      pond: [3, 0],
    });
    // The counts, by hand: O1 16 → 21, O2 19 → 0, O3 12 → 29, pond 3 → 0.
    expect(table[ids.O1!]).toEqual([16, 21]);
    expect(table[ids.O2!]).toEqual([19, 0]);
    expect(table[ids.O3!]).toEqual([12, 29]);
    const expectedChanged = fixture
      .map((l, i) => ({ leadId: l.leadId, actual: actual[i]!, candidate: candidate[i]! }))
      .filter((c) => c.actual.agentId !== c.candidate.agentId || c.actual.rule !== c.candidate.rule);
    expect(body.changed.map((c) => ({ leadId: c.leadId, actual: c.actual, candidate: c.candidate }))).toEqual(expectedChanged);
    expect(body.changedCount).toBe(expectedChanged.length);
    // Names are opened for what is shown only (the log's personal fields are sealed).
    expect((body.changed as unknown as { fullName: string }[]).every((c) => c.fullName === 'Vera Visitor')).toBe(true);
    expect((body.agents as unknown as { agentId: string | null; name: string }[]).map((a) => a.name)).toEqual([
      'Other1 Agent',
      'Other2 Agent',
      'Other3 Agent',
      '',
    ]);
  });

  it('asked for lines of JSON, the simulation says how far it has come, then gives the same result', async () => {
    const body = { from: today, to: today, rules: named(CANDIDATE) };
    const plain = await broker.post('/api/dashboard/routing/simulation', body);
    const res = await broker.post('/api/dashboard/routing/simulation', body, { headers: { accept: 'application/x-ndjson' } });
    expect([res.status, res.headers['content-type']]).toEqual([200, 'application/x-ndjson']);
    const lines = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: number; result?: unknown });
    expect(lines[0]).toEqual({ progress: 0 });
    expect(lines.slice(0, -1).every((l) => typeof l.progress === 'number' && l.progress >= 0 && l.progress <= 1)).toBe(true);
    expect(lines.at(-1)).toEqual({ result: plain.body });
  });

  it('apply: RoutingRulesChanged with the next version, who and when; new leads are routed by it', async () => {
    const { server } = app;
    const res = await broker.request('PUT', '/api/dashboard/routing/rules', { json: { rules: named(CANDIDATE) } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rules).toMatchObject({ version: 6, off: [ids.O2], listingAgentFirst: true });
    const office$ = await server.runtime.store.readStream(`office-${office.officeId}`);
    const applied = office$.at(-1)!;
    expect(applied.type).toBe('RoutingRulesChanged');
    expect(applied.data).toMatchObject({ officeId: office.officeId, version: 6, byUserId: office.officeId, rules: { off: [ids.O2] } });
    expect(Date.now() - Date.parse(applied.metadata.at)).toBeLessThan(60_000);
    // The same rules again: nothing appended.
    expect((await broker.request('PUT', '/api/dashboard/routing/rules', { json: { rules: named(CANDIDATE) } })).status).toBe(200);
    expect(await server.runtime.store.readStream(`office-${office.officeId}`)).toHaveLength(office$.length);
    expect((await broker.get('/api/dashboard/routing/rules')).body).toMatchObject({ officeId: office.officeId, rules: { version: 6 } });
    // The Team view shows the applied rules: O2 out of the rotation, the others in.
    await settle(server);
    const team = (await broker.get('/api/dashboard/agents')).body.agents as { userId: string; active: boolean }[];
    expect([ids.O1, ids.O2, ids.O3].map((id) => team.find((a) => a.userId === id)?.active)).toEqual([true, false, true]);

    await settle(server);
    await server.runtime.db.pool.query(`UPDATE rate_limit_hits SET expires_at = now() - interval '1 second'`);
    const got = [];
    for (let i = 0; i < 3; i++) {
      const { leadId } = await newLead(server, 'simoffice.localhost');
      await settle(server);
      const e = (await server.runtime.store.readStream(`lead-${leadId}`)).find((x) => x.type === 'LeadAssigned')!;
      got.push(e.data as { agentId: string; ruleVersion: number });
    }
    expect(got.every((g) => g.ruleVersion === 6 && g.agentId !== ids.O2)).toBe(true);
  });

  it('ownership: the broker of the office; staff name it; agents 403; signed out 401; bad input 400', async () => {
    const { server } = app;
    const body = { from: today, to: today, rules: named(CANDIDATE) };
    const agent = await signIn(server, office.agents[0]!.email);
    for (const res of [
      await agent.get('/api/dashboard/routing/rules'),
      await agent.post('/api/dashboard/routing/simulation', body),
      await agent.request('PUT', '/api/dashboard/routing/rules', { json: { rules: body.rules } }),
    ]) {
      expect([res.status, res.body]).toEqual([403, { message: 'Only the broker can simulate or change the routing rules' }]);
    }
    const anon = WebClient.for(server.url, 'localhost');
    expect((await anon.post('/api/dashboard/routing/simulation', body)).status).toBe(401);
    // Another office's broker naming this office gets their own office (none of these leads).
    const demoBroker = await signIn(server, demoUser('broker').email);
    const other = await demoBroker.post('/api/dashboard/routing/simulation', { ...body, officeId: office.officeId });
    expect(other.status).toBe(200);
    expect(other.body.officeId).toBe(demoUser('broker').userId);
    expect((other.body.changed as { leadId: string }[]).some((c) => fixture.some((l) => l.leadId === c.leadId))).toBe(false);
    const staff = await signIn(server, 'staff@porchlight.test');
    expect([(await staff.post('/api/dashboard/routing/simulation', body)).status, (await staff.post('/api/dashboard/routing/simulation', body)).body]).toEqual([
      400,
      { message: 'officeId is required' },
    ]);
    const staffRes = await staff.post('/api/dashboard/routing/simulation', { ...body, officeId: office.officeId });
    expect([staffRes.status, staffRes.body.leads]).toEqual([200, 53]);
    const backwards = await broker.post('/api/dashboard/routing/simulation', { ...body, from: '2026-02-10', to: '2026-02-01' });
    expect([backwards.status, backwards.body]).toEqual([
      400,
      { message: 'The period is two dates (2026-01-31), the first on or before the second, at most 366 days apart' },
    ]);
    const heavy = await broker.request('PUT', '/api/dashboard/routing/rules', { json: { rules: { ...body.rules, weights: { [ids.O1!]: 11 } } } });
    expect([heavy.status, heavy.body]).toEqual([400, { message: 'A round-robin weight is a whole number from 1 to 10' }]);
  });
});
