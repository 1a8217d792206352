import { beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentView, PlanPreview, PlanView } from '../../src/contract/plans';
import { ALREADY_ON_PLAN } from '../../src/modules/plans/enrolment/enrol.decide';
import { PLAN_MESSAGES, PLAN_NOT_FOUND } from '../../src/modules/plans/save-plan/save-plan.decide';
import { OFFICE_ID_REQUIRED, ONLY_BROKER_OFFICE_PLANS, TEMPLATE_NOT_USABLE } from '../../src/modules/plans/save-plan/plans.http';
import { until } from '../organizer/organizer-fixture';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const staff = demoUser('staff');

/** The plans routes: validated, scoped (agent own, broker office, staff all; others 404; leads 403; signed out 401). */
describe('action plans over HTTP', () => {
  const app = dashboardServer();
  let brokerC: WebClient;
  let janeC: WebClient;
  let templateId: string;
  let leadId: string;
  let leadClient: WebClient;

  beforeAll(async () => {
    brokerC = await signIn(app.server, broker.email);
    janeC = await signIn(app.server, jane.email);
    const t = await brokerC.post('/api/dashboard/email-templates', {
      scope: 'office',
      name: 'Hello plan',
      subject: 'Hello {first_name}',
      body: 'Hi {first_name}, {agent_name} here.',
    });
    templateId = t.body.templateId as string;
    ({ leadId, client: leadClient } = await janesLead(app.server, { FullName: 'Hal Http' }));
    await settle(app.server);
  });

  const steps = () => [
    { kind: 'email', templateId, condition: null },
    { kind: 'wait', amount: 2, unit: 'days' },
    { kind: 'text', body: 'Hi {first_name}', condition: { kind: 'tag-present', tag: 'sms-ok' } },
  ];
  const list = async (c: WebClient, officeId?: string) => {
    await settle(app.server);
    return (await c.get(`/api/dashboard/plans${officeId ? `?officeId=${officeId}` : ''}`)).body.plans as PlanView[];
  };

  it('the broker creates an office plan the office sees; an agent may not, but makes a personal one only they see', async () => {
    const created = await brokerC.post('/api/dashboard/plans', {
      scope: 'office',
      name: 'Office nurture',
      steps: steps(),
      triggers: [{ kind: 'tag-added', tag: 'hot' }],
    });
    expect(created.status, created.text).toBe(201);
    const planId = created.body.planId as string;
    expect((await list(janeC)).find((p) => p.planId === planId)).toMatchObject({
      name: 'Office nurture',
      scope: 'office',
      editable: false,
      version: 1,
      steps: expect.any(Array),
    });
    expect((await list(brokerC)).find((p) => p.planId === planId)).toMatchObject({ editable: true });

    const refused = await janeC.post('/api/dashboard/plans', { scope: 'office', name: 'Mine', steps: steps() });
    expect([refused.status, refused.body.message]).toEqual([403, ONLY_BROKER_OFFICE_PLANS]);
    const mine = await janeC.post('/api/dashboard/plans', { scope: 'personal', name: 'Jane only', steps: [{ kind: 'add-tag', tag: 'x' }] });
    expect(mine.status, mine.text).toBe(201);
    expect((await list(janeC)).map((p) => p.name)).toContain('Jane only');
    expect((await list(brokerC)).map((p) => p.name)).not.toContain('Jane only');
    // Someone else's plan is not found, whatever they try.
    const alexC = await signIn(app.server, alex.email);
    expect(
      (await alexC.request('PUT', `/api/dashboard/plans/${mine.body.planId}`, { json: { name: 'Took it', steps: [{ kind: 'add-tag', tag: 'x' }] } })).status,
    ).toBe(404);
    expect((await janeC.request('PUT', `/api/dashboard/plans/${planId}`, { json: { name: 'Took it', steps: steps() } })).body.message).toBe(PLAN_NOT_FOUND);
  });

  it('staff pick an office (its broker): they see and change that office’s plans and their own, the server checking the office', async () => {
    const staffC = await signIn(app.server, staff.email);
    // An office plan is written for the office named, which must be a broker's.
    expect((await staffC.post('/api/dashboard/plans', { scope: 'office', name: 'Staff wrote it', steps: steps() })).body.message).toBe(OFFICE_ID_REQUIRED);
    expect(
      (await staffC.post('/api/dashboard/plans', { scope: 'office', name: 'Staff wrote it', steps: [{ kind: 'add-tag', tag: 'x' }], officeId: jane.userId }))
        .status,
    ).toBe(404);
    const created = await staffC.post('/api/dashboard/plans', { scope: 'office', name: 'Staff wrote it', steps: steps(), officeId: broker.userId });
    expect(created.status, created.text).toBe(201);
    const own = await staffC.post('/api/dashboard/plans', { scope: 'personal', name: 'Staff own', steps: [{ kind: 'add-tag', tag: 'x' }] });
    expect(own.status, own.text).toBe(201);
    expect((await list(brokerC)).find((p) => p.planId === created.body.planId)).toMatchObject({ scope: 'office', ownerId: broker.userId, editable: true });

    // The office picked: its plans (editable) and the viewer's own; nobody's personal plan.
    const office = await list(staffC, broker.userId);
    expect(office.map((p) => p.name)).toEqual(expect.arrayContaining(['Office nurture', 'Staff wrote it', 'Staff own']));
    expect(office.map((p) => p.name)).not.toContain('Jane only');
    expect(office.every((p) => p.editable)).toBe(true);
    const edited = await staffC.request('PUT', `/api/dashboard/plans/${created.body.planId}`, { json: { name: 'Staff changed it', steps: steps() } });
    expect(edited.status, edited.text).toBe(200);
    expect((await list(staffC, broker.userId)).map((p) => p.name)).toContain('Staff changed it');
    // An office that is not a broker's is not found; a malformed one is refused; none picked: every office's.
    expect((await staffC.get(`/api/dashboard/plans?officeId=${jane.userId}`)).status).toBe(404);
    const malformed = await staffC.get('/api/dashboard/plans?officeId=nope');
    expect([malformed.status, malformed.body.message]).toEqual([400, 'officeId is not valid']);
    expect((await list(staffC)).map((p) => p.name)).toEqual(expect.arrayContaining(['Office nurture', 'Jane only', 'Staff own']));
    // Anyone else's office is theirs whatever they ask.
    expect((await list(janeC, '00000000-0000-4000-8000-0000000000ee')).map((p) => p.planId).sort()).toEqual((await list(janeC)).map((p) => p.planId).sort());
  });

  it('validates: clear messages for a wrong definition, an unknown field, a template not the office’s', async () => {
    for (const [body, message] of [
      [{ scope: 'personal', name: '', steps: [{ kind: 'add-tag', tag: 'x' }] }, PLAN_MESSAGES.name],
      [{ scope: 'personal', name: 'P', steps: [] }, PLAN_MESSAGES.noSteps],
      [
        {
          scope: 'personal',
          name: 'P',
          steps: [
            { kind: 'add-tag', tag: 'x' },
            { kind: 'wait', amount: 1, unit: 'days' },
          ],
        },
        PLAN_MESSAGES.lastWait,
      ],
      [{ scope: 'personal', name: 'P', steps: [{ kind: 'email', templateId: '00000000-0000-4000-8000-00000000dead' }] }, TEMPLATE_NOT_USABLE],
      [{ scope: 'personal', name: 'P', steps: [{ kind: 'add-tag', tag: 'x' }], owner: 'me' }, 'Unknown field: owner'],
    ] as const) {
      const res = await janeC.post('/api/dashboard/plans', body);
      expect([res.status, res.body.message], message).toEqual([400, message]);
    }
  });

  it('an edit right after the create is checked like the create: a template not usable is refused before the read model has the plan', async () => {
    // The plans' read model held back (its table locked against writes) while the two requests run.
    const hold = await app.server.runtime.db.pool.connect();
    await hold.query('BEGIN');
    await hold.query('LOCK TABLE action_plans IN EXCLUSIVE MODE');
    try {
      const created = await janeC.post('/api/dashboard/plans', { scope: 'personal', name: 'Quick', steps: [{ kind: 'add-tag', tag: 'x' }] });
      expect(created.status).toBe(201);
      const edited = await janeC.request('PUT', `/api/dashboard/plans/${created.body.planId}`, {
        json: { name: 'Quick', steps: [{ kind: 'email', templateId: '00000000-0000-4000-8000-00000000dead' }] },
      });
      expect([edited.status, edited.body.message]).toEqual([400, TEMPLATE_NOT_USABLE]);
    } finally {
      await hold.query('ROLLBACK');
      hold.release();
    }
  });

  it('previews what a lead would get, enrols by hand (once), shows the lead’s plan with its steps, pauses, resumes and stops it', async () => {
    await settle(app.server);
    const plan = (await list(janeC)).find((p) => p.name === 'Office nurture')!;
    const preview = await janeC.post(`/api/dashboard/plans/${plan.planId}/preview`, { leadId });
    expect(preview.status, preview.text).toBe(200);
    const p = preview.body as PlanPreview;
    expect(p.steps.map((s) => [s.kind, s.skipReason])).toEqual([
      ['email', null],
      ['wait', null],
      ['text', 'the lead has no tag "sms-ok"'],
    ]);
    expect(p.steps[0]!.message).toEqual({ subject: 'Hello Hal', body: 'Hi Hal, Jane Agent here.' });

    const enrolled = await janeC.post(`/api/dashboard/plans/${plan.planId}/enrol`, { leadId });
    expect(enrolled.status, enrolled.text).toBe(201);
    const again = await janeC.post(`/api/dashboard/plans/${plan.planId}/enrol`, { leadId });
    expect([again.status, again.body.message]).toEqual([409, ALREADY_ON_PLAN]);
    const enrolmentId = enrolled.body.enrolmentId as string;
    const lines = async () => {
      await settle(app.server);
      return ((await janeC.get(`/api/dashboard/plans/leads/${leadId}`)).body.enrolments as EnrolmentView[])[0]!;
    };
    await until('the e-mail step and the wait', async () => (await lines()).steps.filter((s) => s.outcome !== 'pending').length === 2);
    const e = await lines();
    expect(e).toMatchObject({ enrolmentId, planName: 'Office nurture', status: 'active' });
    expect(e.steps.map((s) => [s.kind, s.outcome])).toEqual([
      ['email', 'sent'],
      ['wait', 'done'],
      ['text', 'pending'],
    ]);

    const act = (action: string) => janeC.post(`/api/dashboard/plans/leads/${leadId}/${enrolmentId}/${action}`);
    expect((await act('pause')).status).toBe(200);
    await until('paused', async () => (await lines()).status === 'paused');
    expect((await lines()).pauseReason).toBe('by-hand');
    expect((await act('resume')).status).toBe(200);
    expect((await act('resume')).status).toBe(409);
    expect((await act('stop')).status).toBe(200);
    await until('stopped', async () => (await lines()).status === 'stopped');
    expect((await act('launch')).status).toBe(404);
  });

  it('enrols in bulk: the leads the viewer works, each once; others are skipped with why', async () => {
    const plan = (await list(brokerC)).find((p) => p.name === 'Office nurture')!;
    const { leadId: second } = await janesLead(app.server, { FullName: 'Bea Bulk' });
    const { leadId: third } = await janesLead(app.server, { FullName: 'Cy Bulk' });
    const stranger = '00000000-0000-4000-8000-0000000000ff';
    const res = await brokerC.post(`/api/dashboard/plans/${plan.planId}/enrol-bulk`, { leadIds: [second, third, stranger] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ enrolled: 2, skipped: [{ leadId: stranger, reason: 'Lead not found' }] });
    const again = await brokerC.post(`/api/dashboard/plans/${plan.planId}/enrol-bulk`, { leadIds: [second] });
    expect(again.body).toEqual({ enrolled: 0, skipped: [{ leadId: second, reason: ALREADY_ON_PLAN }] });
    expect((await brokerC.post(`/api/dashboard/plans/${plan.planId}/enrol-bulk`, { leadIds: [] })).body.message).toBe('leadIds is too small');
  });

  it('scoped: another agent 404, the lead 403, signed out 401', async () => {
    const plan = (await list(brokerC)).find((p) => p.name === 'Office nurture')!;
    const alexC = await signIn(app.server, alex.email);
    const anon = WebClient.for(app.server.url, 'localhost');
    expect((await alexC.get(`/api/dashboard/plans/leads/${leadId}`)).status).toBe(404);
    expect((await alexC.post(`/api/dashboard/plans/${plan.planId}/preview`, { leadId })).status).toBe(404);
    for (const [who, status] of [
      [leadClient, 403],
      [anon, 401],
    ] as const) {
      expect((await who.get('/api/dashboard/plans')).status).toBe(status);
      expect((await who.post(`/api/dashboard/plans/${plan.planId}/enrol`, { leadId })).status).toBe(status);
      expect((await who.get(`/api/dashboard/plans/leads/${leadId}`)).status).toBe(status);
    }
  });
});
