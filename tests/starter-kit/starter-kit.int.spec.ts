import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../src/contract/plans';
import type { EmailTemplateView } from '../../src/contract/lead-email';
import { STARTER_PLANS, STARTER_TEMPLATES } from '../../src/modules/starter-kit/starter-kit.data';
import { demoUser, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';

const broker = demoUser('broker');

/**
 * The starter kit on a real server and database: a broker copies a starter plan into the office
 * (with the templates it sends) as ordinary office plans and templates, a double click makes one
 * copy, the copy is edited like any plan, and agents may look but not copy.
 */
describe('starter plans and templates', () => {
  const app = dashboardServer();

  it('copies a plan once however often it is clicked, with its templates, as an ordinary office plan', async () => {
    const b = await signIn(app.server, broker.email);
    const before = await b.get('/api/dashboard/starter-kit');
    expect(before.status, before.text).toBe(200);
    expect((before.body.plans as unknown[]).length).toBe(4);
    expect(before.body.copiedPlans).toEqual({});

    // A double click: two requests at once.
    const [one, two] = await Promise.all([
      b.post('/api/dashboard/starter-kit/plans/new-buyer-lead/copy', {}),
      b.post('/api/dashboard/starter-kit/plans/new-buyer-lead/copy', {}),
    ]);
    expect(one.status, one.text).toBe(200);
    expect(two.status, two.text).toBe(200);
    expect(one.body.id).toBe(two.body.id);
    expect([one.body.created, two.body.created].filter(Boolean)).toHaveLength(1);
    const planId = one.body.id as string;

    await settle(app.server);
    const plans = (await b.get('/api/dashboard/plans')).body.plans as PlanView[];
    const copies = plans.filter((p) => p.name === 'New buyer lead');
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ planId, scope: 'office', ownerId: broker.userId, editable: true });
    const starter = STARTER_PLANS.find((p) => p.key === 'new-buyer-lead')!;
    expect(copies[0]!.steps.map((s) => s.kind)).toEqual(starter.steps.map((s) => s.kind));

    // Its e-mail steps send the office's copies of the starter templates, each copied once.
    const templates = (await b.get('/api/dashboard/email-templates')).body.templates as EmailTemplateView[];
    const used = new Set(copies[0]!.steps.flatMap((s) => (s.kind === 'email' ? [s.templateId] : [])));
    expect(used.size).toBe(3);
    for (const id of used) expect(templates.find((t) => t.templateId === id)).toMatchObject({ scope: 'office', ownerId: broker.userId });
    expect(templates.filter((t) => t.name === 'Buyer: welcome')).toHaveLength(1);

    const after = await b.get('/api/dashboard/starter-kit');
    expect(after.body.copiedPlans).toEqual({ 'new-buyer-lead': planId });
    expect(Object.keys(after.body.copiedTemplates as object).sort()).toEqual(['buyer-check-in', 'buyer-pre-approval', 'buyer-welcome']);

    // The copy is the broker's to change, like any office plan.
    const edited = await b.request('PUT', `/api/dashboard/plans/${planId}`, { json: { name: 'Our buyer plan', steps: copies[0]!.steps, triggers: [] } });
    expect(edited.status, edited.text).toBe(200);
  });

  it('copies a template on its own, once, and again after the copy was deleted', async () => {
    const b = await signIn(app.server, broker.email);
    const first = await b.post('/api/dashboard/starter-kit/templates/nurture-market-update/copy', {});
    expect(first.status, first.text).toBe(200);
    expect(first.body.created).toBe(true);
    const again = await b.post('/api/dashboard/starter-kit/templates/nurture-market-update/copy', {});
    expect(again.body).toEqual({ id: first.body.id, created: false });

    const gone = await b.delete(`/api/dashboard/email-templates/${broker.userId}/${first.body.id as string}`);
    expect(gone.status, gone.text).toBe(200);
    const fresh = await b.post('/api/dashboard/starter-kit/templates/nurture-market-update/copy', {});
    expect(fresh.body.created).toBe(true);
    expect(fresh.body.id).not.toBe(first.body.id);
    await settle(app.server);
    const templates = (await b.get('/api/dashboard/email-templates')).body.templates as EmailTemplateView[];
    const starter = STARTER_TEMPLATES.find((t) => t.key === 'nurture-market-update')!;
    expect(templates.filter((t) => t.name === starter.name)).toEqual([
      expect.objectContaining({ templateId: fresh.body.id, subject: starter.subject, body: starter.body }),
    ]);
  });

  it('lets staff copy into an office they name, and refuses agents and unknown starters', async () => {
    const staff = await signIn(app.server, demoUser('staff').email);
    const noOffice = await staff.post('/api/dashboard/starter-kit/plans/long-term-nurture/copy', {});
    expect(noOffice.status).toBe(400);
    expect(noOffice.body.message).toMatch(/officeId is required/);
    const copied = await staff.post('/api/dashboard/starter-kit/plans/long-term-nurture/copy', { officeId: broker.userId });
    expect(copied.status, copied.text).toBe(200);
    await settle(app.server);
    const officePlans = (await staff.get(`/api/dashboard/plans?officeId=${broker.userId}`)).body.plans as PlanView[];
    expect(officePlans.find((p) => p.planId === copied.body.id)).toMatchObject({ name: 'Long-term nurture', ownerId: broker.userId });

    const agent = await signIn(app.server, demoUser('agent').email);
    expect((await agent.get('/api/dashboard/starter-kit')).status).toBe(200);
    const refused = await agent.post('/api/dashboard/starter-kit/plans/open-house-follow-up/copy', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the broker or staff copy starters into the office');

    const b = await signIn(app.server, broker.email);
    const unknown = await b.post('/api/dashboard/starter-kit/plans/no-such-plan/copy', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No such starter');
  });
});
