import { CommandBus } from '@nestjs/cqrs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { DEMO_SITES } from '../../src/demo/demo-accounts';
import { type Started, startServer } from '../../src/main';
import { CommunicationLinks } from '../../src/modules/accounts';
import { readMailbox } from '../../src/modules/messaging';
import { ChangeSiteSettingsCommand } from '../../src/modules/sites';
import { INQUIRY_MESSAGES as M } from '../../src/modules/leads';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { multipartFile, WebClient } from '../support/web-client';
import { openedEventsOf } from '../support/events';

const jane = DEMO_SITES.find((s) => s.key === 'jane')!;
const inquiry = (over: Record<string, unknown> = {}) => ({
  FullName: 'Ada Lovelace',
  Email: 'ada@example.com',
  Phone: '206-555-0100',
  Message: 'Is it still available?',
  LeadType: 'Buyer',
  ...over,
});

type Mail = { readonly to: string; readonly subject: string; readonly text: string };

describe('register through an inquiry, sign out, reset, sign in, change preferences (HTTP level)', () => {
  let db: TestDatabase;
  let server: Started;
  let dataDir: string;
  const client = (host = 'jane.localhost') => WebClient.for(server.url, host);
  // The outbox table itself: the development mailbox route is for staff (tests/http/dev-outboxes.int.spec.ts).
  const mailbox = (to: string): Promise<Mail[]> => readMailbox(db.pool, to);
  const waitForMail = async (to: string, count: number): Promise<Mail[]> => {
    for (let i = 0; i < 200; i++) {
      const mails = await mailbox(to);
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail for ${to}`);
  };
  const eventsOf = (type: string) => openedEventsOf(server.runtime.store, type);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-accounts-'));
    server = await startServer(testConfig(db.url, { DEMO_SEED: '1', DATA_DIR: dataDir }));
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers each validation failure with the spec message, in order, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ AcceptTerms: false }, M.terms],
      [{ FullName: '' }, M.name],
      [{ FullName: '   ' }, M.name],
      [{ FullName: 'Ada' }, M.fullName],
      [{ FullName: 'Ada 42' }, M.validName],
      [{ Email: 'ada' }, M.email],
      [{ Email: 'ada@example.com\r\nBcc: all@example.com' }, M.email],
      [{ Phone: '555-0100' }, M.phone],
      [{ Phone: '' }, M.phone],
      [{ Street: ' ' }, M.street],
      [{ City: '' }, M.city],
      [{ Zip: '' }, M.zip],
    ];
    // The demo data has inquiries of its own (its leads): count what these requests add.
    const inquiriesBefore = (await eventsOf('InquirySubmitted')).length;
    const usersBefore = (await eventsOf('UserRegistered')).length;
    for (const [over, message] of cases) {
      const res = await client().post('/api/account/inquiry', inquiry(over));
      expect({ over, status: res.status, body: res.body }).toEqual({ over, status: 400, body: { message } });
    }
    expect(await eventsOf('InquirySubmitted')).toHaveLength(inquiriesBefore);
    expect(await eventsOf('UserRegistered')).toHaveLength(usersBefore);
  });

  it('refuses unknown fields (no mass assignment) and a huge name', async () => {
    const res = await client().post('/api/account/inquiry', inquiry({ securityLevel: 25 }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Unknown field: securityLevel' } });
    const long = await client().post('/api/account/inquiry', inquiry({ FullName: 'A '.repeat(150_000) }));
    expect(long).toMatchObject({ status: 400, body: { message: 'FullName is too long (at most 200 characters)' } });
    const huge = await client().post('/api/account/inquiry', inquiry({ FullName: 'A'.repeat(10 * 1024 * 1024) }));
    expect(huge).toMatchObject({ status: 413, body: { message: 'The request is too large' } });
  });

  // waitForCatchUp can return while another projection's transaction hides the newest event,
  // so the test waits until the site answers with the new setting.
  const setPartialNames = async (on: boolean) => {
    await server.app
      .get(CommandBus)
      .execute(new ChangeSiteSettingsCommand({ siteId: jane.siteId, changes: { Registration_AllowPartialName: on } }, systemContext()));
    for (let i = 0; i < 400; i++) {
      if ((await client().get('/api/site')).body.settings.Registration_AllowPartialName === on) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the setting did not arrive');
  };

  it('accepts a single-word name once the site allows partial names', async () => {
    await setPartialNames(true);
    const ok = await client().post('/api/account/inquiry', inquiry({ FullName: 'Cher', Email: 'cher@example.com' }));
    expect(ok.status).toBe(200);
    await setPartialNames(false);
    expect((await client().post('/api/account/inquiry', inquiry({ FullName: 'Cher', Email: 'cher2@example.com' }))).body).toEqual({ message: M.fullName });
  });

  let leadId: string;
  const visitor = () => client();
  let ada: WebClient;

  it("sets the first-touch cookie on a visitor's first page load, never on the JSON API calls a bot makes", async () => {
    const bot = visitor();
    for (const path of ['/api/search?acl_city=Kent', '/api/search/autocomplete/kw/ke/', '/api/site?src=bing', '/robots.txt']) {
      const res = await bot.get(path);
      expect({ path, status: res.status < 400, setCookie: res.headers['set-cookie'] }).toEqual({ path, status: true, setCookie: undefined });
    }
    expect(bot.cookies.has('ft')).toBe(false);
    const page = await bot.get('/search?src=bing', { headers: { accept: 'text/html' } });
    expect(String(page.headers['set-cookie'])).toMatch(/^ft=[^;]+;.*HttpOnly/);
    expect(bot.cookies.has('ft')).toBe(true);
  });

  it('registers a new address as a signed-in level-5 lead of the site, with the first-touch source', async () => {
    ada = visitor();
    // First visit from an ad: the first-touch cookie is fixed now and never overwritten.
    await ada.get('/listing/NWMLS-1?src=zillow', { headers: { accept: 'text/html', referer: 'https://www.zillow.com/homes/Kent?x=1' } });
    expect(ada.cookies.has('ft')).toBe(true);
    const firstTouch = ada.cookies.get('ft');
    await ada.get('/api/site?src=other');
    expect(ada.cookies.get('ft')).toBe(firstTouch);

    const res = await ada.post(
      '/api/account/inquiry',
      inquiry({
        pdid: 'NWMLS-1',
        BuyerLocation: 'Kent',
        BuyerMinPrice: 300000,
        BuyerPropertyTypes: ['condo', 'townhouse'],
        Street: '1 Main St',
        City: 'Kent',
        Zip: '98032',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.isSuccess).toBe(true);
    leadId = res.body.leadId;
    expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ada.cookies.has('sid')).toBe(true);
    const me = await ada.get('/api/account/me');
    expect(me.body).toMatchObject({
      securityLevel: 5,
      firstName: 'Ada',
      cellPhone: '206-555-0100',
      validCellPhone: true,
      count_Login: 1,
      user_UnsubscribeText: false,
    });

    const submitted = (await eventsOf('InquirySubmitted')).find((e) => e.data.leadId === leadId)!;
    expect(submitted.stream_id).toBe(`lead-${leadId}`);
    expect(submitted.data).toMatchObject({
      siteId: jane.siteId,
      listingPdid: 'NWMLS-1',
      source: 'zillow',
      leadType: 'Buyer',
      firstTouch: { src: 'zillow', referrer: 'https://www.zillow.com/homes/Kent' },
    });
    expect(submitted.data.message).toBe(
      'Is it still available?\n\nBuyer details:\nLocation: Kent\nMinimum price: 300000\nProperty types: condo, townhouse\n\nAddress:\nStreet: 1 Main St\nCity: Kent\nZip: 98032',
    );
    const captured = (await eventsOf('LeadCaptured')).find((e) => e.data.leadId === leadId)!;
    expect(captured.data).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '206-555-0100',
      leadType: 'Buyer',
      source: 'zillow',
      listingPdid: 'NWMLS-1',
      siteId: jane.siteId,
    });
    expect(captured.metadata).toMatchObject({ siteId: jane.siteId });
  });

  it('answers 409 Email already in use for an existing account not signed in, and adds to the lead when signed in as it', async () => {
    const stranger = await visitor().post('/api/account/inquiry', inquiry());
    expect(stranger).toMatchObject({ status: 409, body: { message: 'Email already in use' } });
    const upper = await visitor().post('/api/account/inquiry', inquiry({ Email: 'ADA@Example.com' }));
    expect(upper.status).toBe(409);
    const again = await ada.post('/api/account/inquiry', inquiry({ Message: 'Second question' }));
    expect(again.body).toEqual({ isSuccess: true, leadId });
    expect((await eventsOf('LeadCaptured')).filter((e) => e.data.leadId === leadId)).toHaveLength(1);
    expect((await eventsOf('InquirySubmitted')).filter((e) => e.data.leadId === leadId)).toHaveLength(2);
  });

  it('two concurrent inquiries with one new address: one account, the other 409, nothing half-written', async () => {
    const results = await Promise.all([1, 2, 3].map(() => visitor().post('/api/account/inquiry', inquiry({ Email: 'race@example.com' }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const users = (await eventsOf('UserRegistered')).filter((e) => e.data.email === 'race@example.com');
    expect(users).toHaveLength(1);
    const leads = (await eventsOf('LeadCaptured')).filter((e) => e.data.email === 'race@example.com');
    expect(leads).toHaveLength(1);
  });

  it('signs out, resets the password through the mailed one-time link, and signs in', async () => {
    expect((await ada.post('/api/account/logout')).status).toBe(200);
    expect((await ada.get('/api/account/me')).status).toBe(401);

    const known = await ada.post('/api/account/forgotpassword', { Email: 'ada@example.com' });
    const unknown = await ada.post('/api/account/forgotpassword', { Email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(unknown.status);
    expect(unknown.body).toEqual(known.body);
    const [mail] = await waitForMail('ada@example.com', 1);
    expect(mail!.subject).toBe('Choose a new password');
    expect(await mailbox('nobody-here@example.com')).toEqual([]);
    const link = /http:\/\/\S+\/account\/forgotpassword\?token=(\S+)/.exec(mail!.text)!;
    expect(link[0]).toMatch(/^http:\/\/jane\.localhost:\d+\//);
    const token = decodeURIComponent(link[1]!);

    expect((await ada.post('/api/account/resetpassword', { token: token.slice(0, -2) + 'xx', password: 'new-password-1' })).status).toBe(400);
    expect((await ada.post('/api/account/resetpassword', { token, password: 'short' })).body.message).toMatch(/8 to 200 characters/);
    expect((await ada.post('/api/account/resetpassword', { token, password: 'new-password-1' })).body).toEqual({ isSuccess: true });
    const reused = await ada.post('/api/account/resetpassword', { token, password: 'new-password-2' });
    expect(reused).toMatchObject({ status: 400, body: { message: 'This password reset link is invalid or has expired' } });

    const signIn = await ada.post('/api/account/login', { Email: 'ada@example.com', password: 'new-password-1', Timezone: 0, TimezoneName: 'UTC' });
    expect(signIn.body).toEqual({ isSuccess: true, userInfo: { securityLevel: 5, dashboardUrl: null } });
    expect((await ada.get('/api/account/me')).body.count_Login).toBe(2);
  });

  it('changes preferences: cell phone rule, consent ledger entries with how and from where', async () => {
    for (const bad of ['555-0100', '206555010a', '(206) 555-0100']) {
      const res = await ada.post('/api/account/update', { CellPhone: bad });
      expect(res).toMatchObject({ status: 400, body: { message: 'Phone number must be 10 digits and contain no characters.' } });
    }
    const ok = await ada.post('/api/account/update', { CellPhone: '425-555-0199', UnsubscribeText: true, On_PropertyAlerts: false });
    expect(ok.body).toEqual({ isSuccess: true, cellPhone: '425-555-0199' });
    const me = (await ada.get('/api/account/me')).body;
    expect(me).toMatchObject({ cellPhone: '425-555-0199', user_UnsubscribeText: true, On_PropertyAlerts: false, On_PropertyUpdates: true });
    const ledger = (await eventsOf('ConsentChanged')).filter((e) => e.data.how === 'account-settings');
    expect(ledger.map((e) => [e.data.channel, e.data.granted])).toEqual([
      ['text', false],
      ['propertyAlerts', false],
    ]);
    expect(ledger[0].data.from).toBe('account settings on jane');
    expect(Date.parse(ledger[0].data.at)).not.toBeNaN();
    // Saving the same again changes nothing, so nothing is recorded.
    await ada.post('/api/account/update', { UnsubscribeText: true });
    expect((await eventsOf('ConsentChanged')).filter((e) => e.data.how === 'account-settings')).toHaveLength(2);
    expect((await ada.post('/api/account/update', { EmailAddress: 'x@y.z' })).status).toBe(400);
  });

  it('applies signed communication links without a session, and refuses tampered ones', async () => {
    const userId = (await ada.get('/api/account/me')).body.userDID as string;
    const links = await server.app.get(CommunicationLinks).unsubscribeLinks(userId);
    const token = new URL(links.unsubscribe_email).searchParams.get('unsubscribe_email')!;
    const anonymous = visitor();

    const tampered = [
      token.replace(userId, '00000000-0000-4000-8000-000000000005'),
      token.slice(0, -3) + 'AAA',
      token.replace('unsubscribe_email', 'unsubscribe_text'),
    ];
    for (const t of tampered) {
      const res = await anonymous.post('/api/account/communication', { token: t, action: 'unsubscribe_email' });
      expect(res.status).toBe(403);
    }
    expect((await anonymous.post('/api/account/communication', { token: 'nonsense', action: 'unsubscribe_email' })).status).toBe(400);
    expect((await anonymous.post('/api/account/communication', { token, action: 'unsubscribe_text' })).status).toBe(400);
    expect((await ada.get('/api/account/me')).body.user_UnsubscribeEmail).toBe(false);

    const res = await anonymous.post('/api/account/communication', { token, action: 'unsubscribe_email' });
    expect(res.body).toEqual({ isSuccess: true, title: 'Updated Communication Settings!', text: 'Your communication settings have been updated.' });
    expect((await ada.get('/api/account/me')).body.user_UnsubscribeEmail).toBe(true);
    const [entry] = (await eventsOf('ConsentChanged')).filter((e) => e.data.how === 'email-link');
    expect(entry.data).toMatchObject({ channel: 'email', granted: false, from: 'communication link (unsubscribe_email) in an e-mail' });

    const all = new URL(links.obliterate_all_communication).searchParams.get('obliterate_all_communication')!;
    await anonymous.post('/api/account/communication', { token: all, action: 'obliterate_all_communication' });
    expect((await ada.get('/api/account/me')).body).toMatchObject({
      user_UnsubscribeEmail: true,
      user_UnsubscribeText: true,
      On_PropertyAlerts: false,
      On_PropertyUpdates: false,
    });
    expect(links.headers).toEqual({ 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('takes RFC 8058 one-click unsubscribes with the List-Unsubscribe=One-Click body, without Origin or session', async () => {
    const me = (await ada.get('/api/account/me')).body;
    await ada.post('/api/account/update', { UnsubscribeEmail: false });
    const links = await server.app.get(CommunicationLinks).unsubscribeLinks(me.userDID);
    const url = new URL(links.oneClick);
    const mailProvider = WebClient.for(server.url, 'demo.localhost');
    const form = { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' };
    expect((await mailProvider.request('POST', url.pathname + url.search, { raw: { ...form, body: 'x=1' }, origin: null })).status).toBe(400);
    const bad = url.search.slice(0, -4) + 'AAAA';
    expect((await mailProvider.request('POST', url.pathname + bad, { raw: form, origin: null })).status).toBe(403);
    expect((await mailProvider.request('POST', url.pathname + url.search, { raw: form, origin: null })).status).toBe(200);
    expect((await ada.get('/api/account/me')).body.user_UnsubscribeEmail).toBe(true);
  });

  it('uploads a resume checked by content, serves it safely, and refuses polyglots', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');
    const up = await ada.request('POST', '/api/upload?object=uploads&action=uploadfiles', { raw: multipartFile('file', 'cv.pdf', pdf, 'application/pdf') });
    expect(up.status).toBe(201);
    const file = up.body.data.files[0];
    expect(file.FileURL).toMatch(/^\/uploads\/[a-f0-9]{32}\.pdf$/);
    const served = await ada.get(file.FileURL);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);

    const polyglot = Buffer.from('GIF89a/*\u0000*/=1;<script>alert(document.cookie)</script>', 'latin1');
    const refused = await ada.request('POST', '/api/upload?object=uploads&action=uploadfiles', {
      raw: multipartFile('file', 'cat.gif', polyglot, 'image/gif'),
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'This file also holds web page or script content, so it was refused' } });
    const html = await ada.request('POST', '/api/upload?object=uploads&action=uploadfiles', {
      raw: multipartFile('file', 'cv.pdf', Buffer.from('<html></html>'), 'application/pdf'),
    });
    expect(html.status).toBe(400);
    const tooBig = await ada.request('POST', '/api/upload?object=uploads&action=uploadfiles', {
      raw: multipartFile('file', 'big.pdf', Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024)])),
    });
    expect(tooBig.status).toBe(413);
    expect((await fs.readdir(path.join(dataDir, 'uploads'))).length).toBe(1);

    const withResume = await ada.post('/api/account/inquiry', inquiry({ LeadType: 'Resume', ResumeUrl: file.FileURL }));
    expect(withResume.status).toBe(200);
    const last = (await eventsOf('InquirySubmitted')).at(-1)!;
    expect(last.data).toMatchObject({ resumeUrl: file.FileURL, leadType: 'Resume' });
    expect(last.data.message).toContain(`Resume:\nResume: ${file.FileURL}`);
    const forged = await ada.post('/api/account/inquiry', inquiry({ ResumeUrl: 'https://evil.test/x.pdf' }));
    expect(forged).toMatchObject({ status: 400, body: { message: 'Failed to upload resume: please upload it again' } });
    expect((await ada.get('/uploads/..%2F..%2Fsecret-key')).status).toBe(404);
  });

  it('keeps personal data and secrets out of the read model of credentials', async () => {
    const { rows } = await db.pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`);
    expect(rows.map((r) => r.column_name)).not.toContain('password_hash');
    const sessions = await db.pool.query('SELECT id_hash FROM sessions LIMIT 1');
    expect(sessions.rows[0].id_hash).toBeInstanceOf(Buffer);
    expect(ada.cookies.get('sid')).not.toBe(sessions.rows[0].id_hash.toString('base64url'));
  });
});
