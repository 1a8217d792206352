import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { EMAIL_CONFIRMED, VERIFY_MAILS_PER_USER } from '../../src/modules/accounts/verify-email/verify-email.http';
import { INVALID_VERIFY_LINK } from '../../src/modules/accounts/verify-email/verify-email.decide';
import { VERIFY_TO_SHARE } from '../../src/modules/organizer/notebook/notebook.http';
import { castOf } from '../support/backoffice-people';
import { mailsTo, waitForMails } from '../support/mail-outbox';
import { testConfig } from '../support/test-config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { openedEventsOf } from '../support/events';
import { WebClient } from '../support/web-client';
import { home, importHomes, signedUpLead } from './organizer-fixture';

describe('only a lead whose e-mail address is confirmed may share a listing by e-mail', () => {
  let db: TestDatabase;
  let server: Started;
  // Read through the store: addresses are sealed in the log (issue 18).
  const eventsOf = async (type: string, userEmail?: string) =>
    (await openedEventsOf(server.runtime.store, type)).filter((e) => !userEmail || e.data.email === userEmail);
  const share = (c: WebClient, to = 'friend@example.com') => c.post('/api/organizer/share', { pdid: 'T-V1', email: to, message: 'Look' });

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
    await castOf(server); // the site and its people; the leads here sign up themselves
    await importHomes(server, [home('V1', { UnparsedAddress: '1 Verify Way' })]);
    await server.runtime.runner.waitForCatchUp();
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('a brand-new lead (an inquiry signs anyone in with any address) is refused 403 and nothing is recorded or sent', async () => {
    const mallory = await signedUpLead(server, 'claimed@victim.example');
    expect(await share(mallory)).toMatchObject({ status: 403, body: { message: VERIFY_TO_SHARE } });
    expect((await mallory.get('/api/account/me')).body.emailVerified).toBe(false);
    expect(await eventsOf('ListingShared')).toEqual([]);
  });

  it('the mailed confirmation link confirms the address once (EmailVerified); then sharing works', async () => {
    const ada = await signedUpLead(server, 'ada@verify.test');
    const sent = await ada.post('/api/account/verifyemail/send');
    expect(sent.body).toEqual({ isSuccess: true, alreadyVerified: false, message: 'We sent a link to ada@verify.test. Open it to confirm your address.' });
    const [mail] = await waitForMails(db.pool, 'ada@verify.test', 1);
    expect(mail!.subject).toBe('Confirm your e-mail address');
    const link = /(http:\/\/\S+)\/account\/verifyemail\?token=(\S+)/.exec(mail!.text)!;
    expect(link[1]).toMatch(/^http:\/\/(demo\.)?localhost:\d+$/);
    const token = decodeURIComponent(link[2]!);

    // The link works without a session (any browser the mail is opened in); altered, it proves nothing.
    const anyBrowser = WebClient.for(server.url, 'demo.localhost');
    expect(await anyBrowser.post('/api/account/verifyemail', { token: token.slice(0, -2) + 'xx' })).toMatchObject({
      status: 400,
      body: { message: INVALID_VERIFY_LINK },
    });
    expect(await anyBrowser.post('/api/account/verifyemail', { token: 'nonsense' })).toMatchObject({ status: 400, body: { message: INVALID_VERIFY_LINK } });
    expect(await share(ada)).toMatchObject({ status: 403 });
    // Followed in Ada's own browser: she stays signed in (a new session), and the address is hers.
    expect(await ada.post('/api/account/verifyemail', { token })).toMatchObject({ status: 200, body: { isSuccess: true, message: EMAIL_CONFIRMED } });
    expect(await anyBrowser.post('/api/account/verifyemail', { token })).toMatchObject({ status: 200 });
    expect(await eventsOf('EmailVerified', 'ada@verify.test')).toHaveLength(1);

    expect((await ada.get('/api/account/me')).body.emailVerified).toBe(true);
    expect((await share(ada)).status).toBe(204);
    expect((await ada.post('/api/account/verifyemail/send')).body).toMatchObject({ alreadyVerified: true });
    expect(await mailsTo(db.pool, 'ada@verify.test')).toHaveLength(1);
  });

  it(`mails at most ${VERIFY_MAILS_PER_USER.limit} confirmation links an hour to one account; signed out, none`, async () => {
    const bo = await signedUpLead(server, 'bo@verify.test');
    for (let i = 0; i < VERIFY_MAILS_PER_USER.limit; i++) expect((await bo.post('/api/account/verifyemail/send')).status).toBe(200);
    expect(await bo.post('/api/account/verifyemail/send')).toMatchObject({ status: 429, body: { message: VERIFY_MAILS_PER_USER.message } });
    expect(await mailsTo(db.pool, 'bo@verify.test')).toHaveLength(VERIFY_MAILS_PER_USER.limit);
    expect((await WebClient.for(server.url, 'demo.localhost').post('/api/account/verifyemail/send')).status).toBe(401);
  });

  it('followed in another browser, the link ends the sessions of whoever made the account from the address (pre-hijacking)', async () => {
    const mallory = await signedUpLead(server, 'owner@verify.test');
    await mallory.post('/api/account/verifyemail/send');
    const [mail] = await waitForMails(db.pool, 'owner@verify.test', 1);
    const token = decodeURIComponent(/verifyemail\?token=(\S+)/.exec(mail!.text)![1]!);
    const owner = WebClient.for(server.url, 'demo.localhost');
    expect((await owner.post('/api/account/verifyemail', { token })).status).toBe(200);
    expect((await mallory.get('/api/account/me')).status).toBe(401);
  });

  it('a password reset through the mailed link confirms the address too', async () => {
    const lee = await signedUpLead(server, 'lee@verify.test');
    expect(await share(lee)).toMatchObject({ status: 403 });
    await lee.post('/api/account/forgotpassword', { Email: 'lee@verify.test' });
    const [mail] = await waitForMails(db.pool, 'lee@verify.test', 1);
    const token = decodeURIComponent(/forgotpassword\?token=(\S+)/.exec(mail!.text)![1]!);
    expect((await lee.post('/api/account/resetpassword', { token, password: 'a-quiet-lantern-7' })).status).toBe(200);
    expect((await lee.post('/api/account/login', { Email: 'lee@verify.test', password: 'a-quiet-lantern-7' })).body.isSuccess).toBe(true);
    expect((await share(lee)).status).toBe(204);
  });
});
