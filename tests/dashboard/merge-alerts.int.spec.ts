import { beforeAll, describe, expect, it } from 'vitest';
import { alertsSettled, home, importHomes } from '../organizer/organizer-fixture';
import { demoUser, janesLead, settle, signIn } from '../support/dashboard-fixture';
import { mailsTo } from '../support/mail-outbox';
import { dashboardServer } from '../support/dashboard-server';
import type { WebClient } from '../support/web-client';

const jane = demoUser('agent');
const staff = demoUser('staff');

/**
 * Alerts follow the survivor (issue 18): once two accounts of one person are merged, the alerts of
 * the duplicate's saved search go to the survivor's address (under the survivor's consent), once;
 * an unmerge sends them to the duplicate's own address again.
 */
describe('alerts of a merged account', () => {
  const app = dashboardServer();
  let kept: Awaited<ReturnType<typeof janesLead>>;
  let dupe: Awaited<ReturnType<typeof janesLead>>;
  let janeC: WebClient;
  let staffC: WebClient;
  let ids: { survivorId: string; mergedId: string };

  const alertMails = async (to: string) =>
    (await mailsTo(app.server.runtime.db.pool, to)).filter((m) => m.subject.startsWith('New listing')).map((m) => m.subject);
  const userOf = async (leadId: string) => ((await janeC.get(`/api/dashboard/feed/lead/${leadId}`)).body as { lead: { userId: string } }).lead.userId;

  beforeAll(async () => {
    const { server } = app;
    kept = await janesLead(server, { FullName: 'Mia Kept' });
    dupe = await janesLead(server, { FullName: 'Mia Dupe' });
    [janeC, staffC] = await Promise.all([signIn(server, jane.email, 'jane.localhost'), signIn(server, staff.email)]);
    const saved = await janeC.post(`/api/dashboard/leads/${dupe.leadId}/saved-searches`, {
      city: 'Seattle',
      minprice: '400000',
      name: 'Seattle homes',
      frequency: 'instant',
    });
    expect(saved.status, saved.text).toBe(200);
    await settle(server);
    ids = { survivorId: await userOf(kept.leadId), mergedId: await userOf(dupe.leadId) };
  });

  it('merged: the duplicate’s saved search alerts the survivor’s address, once; unmerged: the duplicate’s again', async () => {
    const { server } = app;
    /** Staff merge or unmerge, then a new home matching the duplicate's saved search comes in. */
    const thenNewHome = async (action: 'merge' | 'unmerge', key: string, address: string) => {
      const res = await staffC.post(`/api/backoffice/accounts/${action}`, { ...ids, reason: `${action}: asked by the agent` });
      expect(res.status, res.text).toBe(200);
      await settle(server);
      await importHomes(server, [home(key, { UnparsedAddress: address, ListPrice: 650_000 })]);
      await alertsSettled(server);
    };
    await thenNewHome('merge', 'MA1', '21 Merge Way');
    expect(await alertMails(kept.email)).toEqual([expect.stringContaining('21 Merge Way')]);
    expect(await alertMails(dupe.email)).toEqual([]);
    // The alert is recorded as sent to the survivor: its signed links are the survivor's.
    const { rows } = await server.runtime.db.pool.query(`SELECT data FROM events WHERE type = 'PropertyAlertSent' AND data->>'pdid' = 'T-MA1'`);
    expect(rows.map((r) => [r.data.userId, r.data.leadId])).toEqual([[ids.survivorId, dupe.leadId]]);

    await thenNewHome('unmerge', 'MA2', '22 Merge Way');
    expect(await alertMails(dupe.email)).toEqual([expect.stringContaining('22 Merge Way')]);
    expect(await alertMails(kept.email)).toEqual([expect.stringContaining('21 Merge Way')]);
  });
});
