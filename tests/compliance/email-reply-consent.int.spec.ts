import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { loadAccount, SecretKey, userStream } from '../../src/modules/accounts';
import { loadLead } from '../../src/modules/leads';
import { CONSENT_WORDING_RULES } from '../../src/modules/compliance/consent-wording/consent-wording-rules';
import { replyAddress } from '../../src/modules/conversation/send-lead-email/reply-address';
import { demoUser, newLead, settle, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { mailgunEnv, mailgunForm, REPLY_DOMAIN } from '../support/mailgun-stand-in';

const jane = demoUser('agent');

/** A lead's e-mail reply through Mailgun's signed inbound route, read for consent by the same rules as texts. */
describe("consent in the lead's own words, in an e-mail reply", () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;

  beforeAll(async () => {
    fixture = await startDashboardServer(mailgunEnv());
    server = fixture.server;
  });
  afterAll(async () => fixture?.stop());

  const reply = async (leadId: string, from: string, body: string) => {
    const secret = await server.app.get(SecretKey).get();
    const form = mailgunForm({
      recipient: replyAddress(secret, leadId, REPLY_DOMAIN),
      sender: from,
      from,
      subject: 'Re: Homes this week',
      'body-plain': body,
      'Message-Id': `<${randomUUID()}@mail.example.com>`,
    });
    const res = await fetch(`${server.url}/api/inbound/email`, { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const accountOf = async (leadId: string) => {
    const { lead } = await loadLead(server.runtime.store, leadId);
    if (!lead.exists) throw new Error('no lead');
    return { userId: lead.userId, account: (await loadAccount(server.runtime.store, lead.userId)).account };
  };
  const emailConsent = async (leadId: string) => {
    const { account } = await accountOf(leadId);
    if (!account.exists) throw new Error('no account');
    return account.consent.email;
  };
  const timelineOf = async (leadId: string) => {
    await settle(server);
    const agent = await signIn(server, jane.email, 'jane.localhost');
    return ((await agent.get(`/api/dashboard/leads/${leadId}`)).body as { timeline: { type: string; summary: string }[] }).timeline;
  };

  it('"please stop emailing me" above the quoted mail turns e-mail consent off with the words as evidence; text consent stays', async () => {
    const lead = await newLead(server, 'jane.localhost', { Phone: '2065550171' });
    await settle(server);
    const gmail = `Please stop emailing me.\r\n\r\nThanks,\r\nNora\r\n(512) 555-0100\r\n\r\nOn Mon, Nov 23, 2026 at 9:14 AM Jane Agent <jane@demo.test> wrote:\r\n> Homes this week\r\n> Unsubscribe\r\n`;
    await reply(lead.leadId, lead.email, gmail);
    expect(await emailConsent(lead.leadId)).toBe(false);
    const { userId, account } = await accountOf(lead.leadId);
    if (!account.exists) throw new Error('no account');
    expect(account.consent.text).toBe(true);
    const ledger = (await server.runtime.store.readStream(userStream(userId))).filter((e) => e.type === 'ConsentChanged');
    expect(ledger.at(-1)?.data).toMatchObject({
      channel: 'email',
      granted: false,
      how: 'email-reply',
      from: `an e-mail reply in the lead's words (rules ${CONSENT_WORDING_RULES.version}): "Please stop emailing me."`,
    });
    const timeline = await timelineOf(lead.leadId);
    expect(timeline.find((t) => t.type === 'ConsentChanged')?.summary).toBe('E-mail turned off (email reply)');
  });

  it('a reply whose signature\'s legal footer says "opt out" is no revocation: consent stays', async () => {
    const lead = await newLead(server, 'jane.localhost');
    await settle(server);
    const body = [
      'Yes, Saturday at 10 works for us.',
      '',
      'Best regards,',
      'Nora Nguyen',
      'Acme Logistics',
      'To opt out of Acme marketing e-mails, reply UNSUBSCRIBE.',
    ].join('\n');
    await reply(lead.leadId, lead.email, body);
    expect(await emailConsent(lead.leadId)).toBe(true);
    expect((await timelineOf(lead.leadId)).some((t) => t.type === 'ConsentWordingUnclear')).toBe(false);
  });

  it('"stop the alerts but keep emailing me the open houses" is flagged to the agent, and the agent confirms it for e-mail', async () => {
    const lead = await newLead(server, 'jane.localhost');
    await settle(server);
    await reply(lead.leadId, lead.email, 'Stop the alerts but keep emailing me the open houses');
    expect(await emailConsent(lead.leadId)).toBe(true);
    const asked = (await timelineOf(lead.leadId)).find((t) => t.type === 'ConsentWordingUnclear');
    expect(asked?.summary).toBe("The lead's e-mail may ask not to be contacted: confirm it to turn E-mail off");
    const agent = await signIn(server, jane.email, 'jane.localhost');
    const ok = await agent.post(`/api/dashboard/leads/${lead.leadId}/consent/confirm-revocation`, {});
    expect(ok.body).toEqual({ isSuccess: true, channel: 'email' });
    expect(await emailConsent(lead.leadId)).toBe(false);
  });
});
