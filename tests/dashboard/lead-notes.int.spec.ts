import { beforeAll, describe, expect, it } from 'vitest';
import { ONLY_AUTHOR_EDITS } from '../../src/modules/leads/write-notes/notes.decide';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const alex = demoUser('agent2');
const broker = demoUser('broker');
const SECRET = 'Pre-approved to 640k; wife does not know about the boat';

/** Notes on a lead: its agent, the office's broker and staff write them; nobody else sees them, the lead least of all. */
describe('lead notes: scoped to the office, never shown to the lead', () => {
  const app = dashboardServer();
  let leadId: string;
  let leadClient: WebClient;
  let janeC: WebClient;

  beforeAll(async () => {
    const { server } = app;
    ({ leadId, client: leadClient } = await janesLead(server, { FullName: 'Nora Notes' }));
    janeC = await signIn(server, jane.email, 'jane.localhost');
  });

  const notesOf = (id: string) => `/api/dashboard/leads/${id}/notes`;

  it('the agent writes, edits and deletes a note; the lead detail and the web feed carry it, the timeline only says who added one', async () => {
    const { server } = app;
    const res = await janeC.post(notesOf(leadId), { text: `  ${SECRET}  ` });
    expect(res.status, res.text).toBe(201);
    const noteId = res.body.noteId as string;
    expect(noteId).toMatch(/^[0-9a-f-]{36}$/);
    await settle(server);

    const detail = await janeC.get(`/api/dashboard/leads/${leadId}`);
    expect(detail.body.notes).toEqual([{ noteId, text: SECRET, authorId: jane.userId, at: expect.any(String) }]);
    const feed = await janeC.get(`/api/dashboard/feed/lead/${leadId}`);
    expect(feed.body.notes).toEqual([{ noteId, text: SECRET, authorId: jane.userId, authorName: 'Jane Agent', at: expect.any(String), editedAt: null }]);
    const timeline = JSON.stringify(feed.body.timeline);
    expect(timeline).toContain('Note added by Jane Agent');
    expect(timeline).not.toContain('boat');

    const edited = await janeC.request('PATCH', `${notesOf(leadId)}/${noteId}`, { json: { text: 'Pre-approved to 650k' } });
    expect(edited.status, edited.text).toBe(200);
    await settle(server);
    const after = await janeC.get(`/api/dashboard/feed/lead/${leadId}`);
    expect(after.body.notes[0]).toMatchObject({ noteId, text: 'Pre-approved to 650k', editedAt: expect.any(String) });

    expect((await janeC.delete(`${notesOf(leadId)}/${noteId}`)).status).toBe(200);
    await settle(server);
    expect((await janeC.get(`/api/dashboard/leads/${leadId}`)).body.notes).toEqual([]);
    // Deleting it again changes nothing; an unknown note is not found.
    expect((await janeC.delete(`${notesOf(leadId)}/${noteId}`)).status).toBe(200);
    expect((await janeC.request('PATCH', `${notesOf(leadId)}/${noteId}`, { json: { text: 'x' } })).status).toBe(404);
    expect((await janeC.request('PATCH', `${notesOf(leadId)}/00000000-0000-4000-8000-00000000abcd`, { json: { text: 'x' } })).body).toEqual({
      message: 'Note not found',
    });

    // Audited: the lead's account history (staff) lists the note's events, deleted or not.
    const staff = await signIn(server, 'staff@porchlight.test');
    const history = await staff.get(`/api/backoffice/accounts/${feed.body.lead.userId as string}/history`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.types).toEqual(expect.arrayContaining(['LeadNoteWritten', 'LeadNoteEdited', 'LeadNoteDeleted']));
  });

  it('plain text of 1 to 5,000 characters, no other fields', async () => {
    for (const [body, message] of [
      [{ text: '   ' }, 'text is required'],
      [{}, 'text is required'],
      [{ text: 'x'.repeat(5001) }, 'text is too long (at most 5000 characters)'],
      [{ text: 'ok', pinned: true }, 'Unknown field: pinned'],
    ] as const) {
      const res = await janeC.post(notesOf(leadId), body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await janeC.post(notesOf(leadId), { text: 'x'.repeat(5000) })).status).toBe(201);
  });

  it("the broker writes notes on the office's leads and deletes the agent's, but never rewrites them; staff too", async () => {
    const { server } = app;
    const noteId = (await janeC.post(notesOf(leadId), { text: 'Call after 5pm' })).body.noteId as string;
    const b = await signIn(server, broker.email, 'demo.localhost');
    expect((await b.post(notesOf(leadId), { text: 'Check in with Jane' })).status).toBe(201);
    expect(await b.request('PATCH', `${notesOf(leadId)}/${noteId}`, { json: { text: 'changed' } })).toMatchObject({
      status: 403,
      body: { message: ONLY_AUTHOR_EDITS },
    });
    expect((await b.delete(`${notesOf(leadId)}/${noteId}`)).status).toBe(200);
    const staff = await signIn(server, 'staff@porchlight.test');
    expect((await staff.post(notesOf(leadId), { text: 'Audit: ok' })).status).toBe(201);
    await settle(server);
    const texts = ((await janeC.get(`/api/dashboard/leads/${leadId}`)).body.notes as { text: string }[]).map((n) => n.text);
    expect(texts).toContain('Check in with Jane');
    expect(texts).toContain('Audit: ok');
    expect(texts).not.toContain('Call after 5pm');
  });

  it('another agent gets 404 on everything, the lead 403, signed out 401', async () => {
    const { server } = app;
    const noteId = (await janeC.post(notesOf(leadId), { text: SECRET })).body.noteId as string;
    const one = `${notesOf(leadId)}/${noteId}`;
    const alexC = await signIn(server, alex.email, 'demo.localhost');
    const anon = WebClient.for(server.url, 'jane.localhost');
    for (const [who, status] of [
      [alexC, 404],
      [leadClient, 403],
      [anon, 401],
    ] as const) {
      expect((await who.post(notesOf(leadId), { text: 'x' })).status).toBe(status);
      expect((await who.request('PATCH', one, { json: { text: 'x' } })).status).toBe(status);
      expect((await who.delete(one)).status).toBe(status);
      expect((await who.get(`/api/dashboard/leads/${leadId}`)).status).toBe(status);
    }
    await settle(server);
    // Nothing the lead can call shows it.
    const seen = await Promise.all([
      leadClient.get('/api/account/me'),
      leadClient.post('/api/dashboard/chat/getchat', {}),
      leadClient.get('/api/organizer/searches'),
      leadClient.get('/api/organizer/headers'),
      leadClient.get(`/api/dashboard/feed/lead/${leadId}`),
    ]);
    for (const r of seen) expect(r.text).not.toContain('boat');
    expect((await janeC.get(`/api/dashboard/leads/${leadId}`)).body.notes.map((n: { text: string }) => n.text)).toContain(SECRET);
  });
});
