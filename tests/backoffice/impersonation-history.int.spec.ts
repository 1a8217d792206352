import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../src/modules/accounts';
import { backofficeWorld, PASSWORD, signedIn } from '../support/backoffice-people';

type Entry = { type: string; at: string; actorId: string | null; impersonatorId: string | null; siteId: string | null; position: string; data: any };

describe('impersonation and the account history (issue 7)', () => {
  const w = backofficeWorld();
  const history = async (userId: string, qs = ''): Promise<{ events: Entry[]; total: number; types: string[]; people: Record<string, { name: string }> }> => {
    const res = await w.staff.get(`/api/backoffice/accounts/${userId}/history${qs}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('refuses to start without a reason, for another w.staff member, for oneself and for an unknown account', async () => {
    const c = await signedIn(w.server, w.cast.staff);
    expect((await c.post(`/api/backoffice/become/${w.cast.lead.userId}`, { reason: '  ' })).body).toEqual({
      message: 'Please give a reason for acting as this user',
    });
    const other = await c.post(`/api/backoffice/become/${w.cast.staff2.userId}`, { reason: 'checking' });
    expect([other.status, other.body]).toEqual([403, { message: 'Staff accounts cannot be impersonated' }]);
    expect((await c.post(`/api/backoffice/become/${w.cast.staff.userId}`, { reason: 'checking' })).status).toBe(400);
    expect((await c.post('/api/backoffice/become/00000000-0000-4000-8000-000000000999', { reason: 'checking' })).status).toBe(404);
    expect((await c.post(`/api/backoffice/become/${w.cast.lead.userId}`, { reason: 'checking', returnUrl: 'https://evil.test/' })).status).toBe(400);
    // Issue 12: what a browser reads as another host (it drops tabs and newlines, resolves dot segments).
    for (const returnUrl of ['/\t/evil.example/phish', '/\n/evil.example', '/..//evil.example', '/\\evil.example']) {
      const res = await c.post(`/api/backoffice/become/${w.cast.lead.userId}`, { reason: 'checking', returnUrl });
      expect([res.status, res.body]).toEqual([400, { message: 'The return address must be a path on this site' }]);
    }
    // Still the w.staff member's own session.
    expect((await c.get('/api/account/me')).body).toMatchObject({ securityLevel: 25, impersonatorId: null });
  });

  it('records actor and impersonator for what w.staff do as the user, and both ends on both streams', async () => {
    const c = await signedIn(w.server, w.cast.staff);
    const started = await c.post(`/api/backoffice/become/${w.cast.lead.userId}`, {
      reason: 'Ticket 4411: cannot change phone',
      returnUrl: `/dashboard/backoffice?user=${w.cast.lead.userId}`,
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ isSuccess: true, userId: w.cast.lead.userId, redirectUrl: '/search' });
    // At most 30 minutes: the cookie and the session row say so.
    const expires = Date.parse(/Expires=([^;]+)/.exec(started.setCookies.find((s) => s.startsWith('sid='))!)![1]!);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    expect(expires - Date.now()).toBeGreaterThan(25 * 60_000);
    const { rows } = await w.db.pool.query('SELECT extract(epoch FROM expires_at - created_at) AS s FROM sessions WHERE impersonator_id IS NOT NULL');
    expect(Number(rows[0].s)).toBeLessThanOrEqual(30 * 60 + 1);
    const me = (await c.get('/api/account/me')).body;
    expect(me).toMatchObject({ securityLevel: 5, userDID: w.cast.lead.userId, impersonatorId: w.cast.staff.userId });
    expect(Math.abs(Date.parse(me.impersonationEndsAt) - expires)).toBeLessThan(1000);

    // What the user could do, w.staff can do as them; it is recorded as theirs, with the impersonator.
    expect((await c.post('/api/account/update', { CellPhone: '206-555-0199' })).status).toBe(200);
    // Passwords, the back-office and a second impersonation are refused meanwhile.
    const password = await c.post('/api/account/password', { CurrentPassword: PASSWORD, NewPassword: 'another-password-123' });
    expect([password.status, password.body]).toEqual([403, { message: 'Passwords cannot be changed while impersonating a user' }]);
    expect((await c.post('/api/account/forgotpassword', { Email: w.cast.lead.email })).status).toBe(403);
    expect((await c.get('/api/backoffice/findmembers')).status).toBe(403);
    expect((await c.post(`/api/backoffice/become/${w.cast.agent.userId}`, { reason: 'x' })).status).toBe(403);

    const ended = await c.delete('/api/account/become');
    expect(ended.body).toEqual({ isSuccess: true, callbackUrl: `/dashboard/backoffice?user=${w.cast.lead.userId}`, reload: false });
    expect((await c.get('/api/account/me')).body).toMatchObject({ securityLevel: 25, impersonatorId: null, impersonationEndsAt: null });
    expect((await c.delete('/api/account/become')).body).toEqual({ message: 'Error ending become user!' });

    const lead = await history(w.cast.lead.userId);
    const changed = lead.events.find((e) => e.type === 'CellPhoneChanged')!;
    expect(changed).toMatchObject({
      actorId: w.cast.lead.userId,
      impersonatorId: w.cast.staff.userId,
      data: { userId: w.cast.lead.userId, cellPhone: '2065550199' },
    });
    expect(lead.people[w.cast.staff.userId]).toMatchObject({ name: 'Sam Staff' });
    expect(lead.people[w.cast.lead.userId]).toMatchObject({ name: 'Lee Lead' });
    const start = lead.events.find((e) => e.type === 'ImpersonationStarted')!;
    expect(start).toMatchObject({
      actorId: w.cast.staff.userId,
      impersonatorId: null,
      data: { impersonatorId: w.cast.staff.userId, reason: 'Ticket 4411: cannot change phone' },
    });
    expect(lead.events.find((e) => e.type === 'ImpersonationEnded')).toMatchObject({ actorId: w.cast.lead.userId, impersonatorId: w.cast.staff.userId });
    // Newest first.
    const positions = lead.events.map((e) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? 1 : -1)));
    expect(lead.events.map((e) => e.type).slice(0, 3)).toEqual(['ImpersonationEnded', 'CellPhoneChanged', 'ImpersonationStarted']);

    const own = await history(w.cast.staff.userId);
    expect(own.events.filter((e) => e.type.startsWith('Staff')).map((e) => [e.type, e.data.targetUserId])).toEqual([
      ['StaffReturnedFromUser', w.cast.lead.userId],
      ['StaffBecameUser', w.cast.lead.userId],
    ]);
  });

  it('ends an impersonation whose stored return address is not a path of this site by reloading, not by following it', async () => {
    const c = await signedIn(w.server, w.cast.staff);
    const session = await w.server.app.get(SessionStore).start({
      userId: w.cast.agent.userId,
      securityLevel: 10,
      officeId: w.cast.broker.userId,
      impersonatorId: w.cast.staff.userId,
      returnUrl: '/\t/evil.example/phish',
    });
    c.cookies.set('sid', session.id);
    const ended = await c.delete('/api/account/become');
    expect(ended.body).toEqual({ isSuccess: true, callbackUrl: null, reload: true });
  });

  it('never shows a secret: password hashes and reset tokens are redacted, in the history and in the state', async () => {
    const lead = await history(w.cast.lead.userId);
    const set = lead.events.find((e) => e.type === 'PasswordSet')!;
    expect(set.data).toEqual({ userId: w.cast.lead.userId, passwordHash: '[redacted]' });
    const state = (await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/state`)).body;
    expect(state.account).toMatchObject({ exists: true, passwordHash: '[redacted]', email: w.cast.lead.email });
    expect(JSON.stringify(lead)).not.toMatch(/argon2/);
  });

  it('filters by type and time, pages, folds the state as of an event, and exports JSON', async () => {
    const all = await history(w.cast.lead.userId);
    expect(all.types).toEqual(expect.arrayContaining(['UserRegistered', 'CellPhoneChanged', 'ImpersonationStarted']));
    const only = await history(w.cast.lead.userId, '?type=CellPhoneChanged,UserRegistered');
    expect(only.events.map((e) => e.type).sort()).toEqual(['CellPhoneChanged', 'UserRegistered']);
    expect((await history(w.cast.lead.userId, '?from=2100-01-01')).total).toBe(0);
    expect((await history(w.cast.lead.userId, '?to=2000-01-01')).total).toBe(0);
    const page2 = await history(w.cast.lead.userId, '?perpage=2&page=2');
    expect(page2.events.map((e) => e.position)).toEqual(all.events.slice(2, 4).map((e) => e.position));
    expect(page2.total).toBe(all.total);

    const changed = all.events.find((e) => e.type === 'CellPhoneChanged')!;
    const before = all.events[all.events.indexOf(changed) + 1]!;
    const asOfBefore = (await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/state?position=${before.position}`)).body;
    const asOfChange = (await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/state?position=${changed.position}`)).body;
    expect(asOfBefore.account.cellPhone).toBe('2065550100');
    expect(asOfChange.account.cellPhone).toBe('2065550199');
    expect(asOfChange.asOf).toMatchObject({ type: 'CellPhoneChanged', position: changed.position });

    const file = await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/history/export?type=CellPhoneChanged`);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="account-${w.cast.lead.userId}-history.json"`);
    expect(file.body).toMatchObject({ userId: w.cast.lead.userId, total: 1, events: [{ type: 'CellPhoneChanged', impersonatorId: w.cast.staff.userId }] });
  });

  it("shows the streams that name the account: a broker's history has the site it owns", async () => {
    const broker = await history(w.cast.broker.userId);
    expect(broker.events.find((e) => e.type === 'SiteCreated')).toMatchObject({ data: { ownerUserId: w.cast.broker.userId, subdomain: 'demo' } });
  });

  it('answers 404 for an account that does not exist and 400 for bad filters', async () => {
    expect((await w.staff.get('/api/backoffice/accounts/00000000-0000-4000-8000-000000000999/history')).status).toBe(404);
    expect((await w.staff.get('/api/backoffice/accounts/not-a-uuid/history')).status).toBe(404);
    expect((await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/history?from=yesterday`)).status).toBe(400);
    expect((await w.staff.get(`/api/backoffice/accounts/${w.cast.lead.userId}/history?bogus=1`)).body).toEqual({ message: 'Unknown field: bogus' });
  });
});
