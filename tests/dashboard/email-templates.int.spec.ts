import { beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_ID_REQUIRED, ONLY_BROKER_OFFICE_TEMPLATES } from '../../src/modules/conversation/manage-email-templates/email-templates.http';
import { TEMPLATE_NAME_TAKEN } from '../../src/modules/conversation/manage-email-templates/email-templates.decide';
import { demoUser, newLead, registerOffice, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const PATH = '/api/dashboard/email-templates';
const template = { name: 'Tour follow-up', subject: 'Your tour of {listing_address}', body: 'Hi {first_name},\n\nThanks for coming by.\n\n{agent_name}' };

/** Templates: personal (each agent's own) and the office's (the broker's, staff's too); others' are not found. */
describe('e-mail templates over HTTP', () => {
  const app = dashboardServer();
  let janeC: WebClient;
  let alexC: WebClient;
  let brokerC: WebClient;
  let staffC: WebClient;

  beforeAll(async () => {
    const { server } = app;
    [janeC, alexC, brokerC, staffC] = await Promise.all([
      signIn(server, jane.email, 'demo.localhost'),
      signIn(server, alex.email, 'demo.localhost'),
      signIn(server, broker.email, 'demo.localhost'),
      signIn(server, 'staff@porchlight.test', 'demo.localhost'),
    ]);
  });

  const names = async (c: WebClient, query = '') => {
    await settle(app.server);
    const res = await c.get(`${PATH}${query}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.templates as { name: string; scope: string; editable: boolean }[]).map((t) => `${t.scope}:${t.name}${t.editable ? '' : ' (read-only)'}`);
  };

  it("an agent's personal template is theirs alone; the office's is everyone's in the office, the broker's to change", async () => {
    const personal = await janeC.post(PATH, { scope: 'personal', ...template, name: 'Jane hello' });
    expect(personal.status, personal.text).toBe(201);
    expect(personal.body).toEqual({ templateId: expect.stringMatching(/^[0-9a-f-]{36}$/), ownerId: jane.userId });
    const office = await brokerC.post(PATH, { scope: 'office', ...template });
    expect(office.status, office.text).toBe(201);
    expect(office.body.ownerId).toBe(broker.userId);

    expect(await names(janeC)).toEqual(['office:Tour follow-up (read-only)', 'personal:Jane hello']);
    expect(await names(alexC)).toEqual(['office:Tour follow-up (read-only)']);
    expect(await names(brokerC)).toEqual(['office:Tour follow-up']);
    // An agent cannot write the office's.
    expect(await janeC.post(PATH, { scope: 'office', ...template, name: 'x' })).toMatchObject({ status: 403, body: { message: ONLY_BROKER_OFFICE_TEMPLATES } });
    const janeEditsOffice = await janeC.request('PUT', `${PATH}/${broker.userId}/${office.body.templateId as string}`, { json: template });
    expect(janeEditsOffice.status).toBe(404);
    // Another agent cannot touch Jane's.
    const one = `${PATH}/${jane.userId}/${personal.body.templateId as string}`;
    expect((await alexC.request('PUT', one, { json: template })).status).toBe(404);
    expect((await alexC.delete(one)).status).toBe(404);
    // Nor can staff (a personal template is nobody else's).
    expect((await staffC.request('PUT', one, { json: template })).status).toBe(404);
  });

  it('the owner changes and deletes; names are unique per owner and scope; unknown merge fields are refused, named', async () => {
    const { server } = app;
    const created = await janeC.post(PATH, { scope: 'personal', ...template, name: 'Open house' });
    const one = `${PATH}/${jane.userId}/${created.body.templateId as string}`;
    const changed = await janeC.request('PUT', one, { json: { ...template, name: 'Open house', body: 'Hi {first_name}, see you Sunday.' } });
    expect(changed.status, changed.text).toBe(200);
    const taken = await janeC.post(PATH, { scope: 'personal', ...template, name: 'OPEN HOUSE' });
    expect(taken).toMatchObject({ status: 409, body: { message: TEMPLATE_NAME_TAKEN('OPEN HOUSE') } });
    const unknown = await janeC.post(PATH, { scope: 'personal', ...template, name: 'Typo', body: 'Hi {frist_name}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Unknown merge field \{frist_name\}; use \{first_name\}, /);
    await settle(server);
    const listed = (await janeC.get(PATH)).body.templates as { name: string; body: string }[];
    expect(listed.find((t) => t.name === 'Open house')?.body).toBe('Hi {first_name}, see you Sunday.');
    expect((await janeC.delete(one)).status).toBe(200);
    expect(await names(janeC)).not.toContain('personal:Open house');
    expect((await janeC.request('PUT', one, { json: template })).body).toEqual({ message: 'Template not found' });
  });

  it('validates: the fields, unknown fields, ids', async () => {
    for (const [body, message] of [
      [{ scope: 'team', ...template }, 'scope is not valid'],
      [{ scope: 'personal', ...template, name: '  ' }, 'Please name the template'],
      [{ scope: 'personal', ...template, subject: '' }, 'Please enter a subject'],
      [{ scope: 'personal', ...template, body: '' }, 'Please write the message'],
      [{ scope: 'personal', ...template, html: '<b>x</b>' }, 'Unknown field: html'],
    ] as const) {
      expect(await janeC.post(PATH, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await janeC.request('PUT', `${PATH}/not-a-uuid/also-not`, { json: template })).status).toBe(404);
  });

  it("staff write an office's templates naming the office; another office never sees them", async () => {
    const { server } = app;
    expect(await staffC.post(PATH, { scope: 'office', ...template, name: 'Staff made' })).toMatchObject({ status: 400, body: { message: OFFICE_ID_REQUIRED } });
    expect((await staffC.post(PATH, { scope: 'office', ...template, name: 'Staff made', officeId: jane.userId })).status).toBe(404);
    const made = await staffC.post(PATH, { scope: 'office', ...template, name: 'Staff made', officeId: broker.userId });
    expect(made.status, made.text).toBe(201);
    expect(await names(staffC, `?officeId=${broker.userId}`)).toContain('office:Staff made');
    expect(await names(brokerC)).toContain('office:Staff made');
    // The broker may change what staff made for the office, and staff the broker's.
    expect(
      (await brokerC.request('PUT', `${PATH}/${broker.userId}/${made.body.templateId as string}`, { json: { ...template, name: 'Staff made' } })).status,
    ).toBe(200);

    const other = await registerOffice(server, 'elsewhere');
    const otherBroker = await signIn(server, other.brokerEmail, 'elsewhere.localhost');
    expect(await names(otherBroker)).toEqual([]);
    expect((await otherBroker.request('PUT', `${PATH}/${broker.userId}/${made.body.templateId as string}`, { json: template })).status).toBe(404);
  });

  it('the lead 403, signed out 401', async () => {
    const { server } = app;
    const { client: leadClient } = await newLead(server, 'jane.localhost');
    const anon = WebClient.for(server.url, 'demo.localhost');
    for (const [who, status] of [
      [leadClient, 403],
      [anon, 401],
    ] as const) {
      expect((await who.get(PATH)).status).toBe(status);
      expect((await who.post(PATH, { scope: 'personal', ...template })).status).toBe(status);
    }
  });
});
