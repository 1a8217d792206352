import { beforeAll, describe, expect, it } from 'vitest';
import { LeadEmailSender } from '../../src/modules/conversation';
import { outboxCounts } from '../../src/modules/messaging';
import { demoUser, janesLead, signIn } from '../support/dashboard-fixture';
import { dashboardServer } from '../support/dashboard-server';
import { SmtpStandIn } from '../support/smtp-stand-in';
import type { WebClient } from '../support/web-client';

type Row = {
  mail_id: string;
  message_id: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  failed_at: Date | null;
  now: Date;
};

const relay = new SmtpStandIn();

/** Polls `check` until it holds; the first retry of an outbox waits seconds, so this allows a minute. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an outbox towards a mail relay that is down for a while, or refuses for good', () => {
  // The relay gets its port and stops before the product starts (hooks run in order): it starts with the relay down.
  beforeAll(async () => {
    await relay.start();
    await relay.stop();
  });
  const app = dashboardServer(undefined, {
    get SMTP_URL() {
      return relay.url;
    },
  });
  let jane: WebClient;
  const pool = () => app.server.runtime.db.pool;
  /** The outbox row of the e-mail with this thread message id (its subject is cleared once sent). */
  const row = async (messageId: string) =>
    (
      await pool().query<Row>(
        `SELECT mail_id, message_id, state, attempts, last_error, next_attempt_at, last_attempt_at, failed_at, now() AS now FROM lead_email_outbox WHERE message_id = $1`,
        [messageId],
      )
    ).rows[0];
  const accepted = (to: string, subject: string) => relay.accepted.filter((m) => m.to.includes(to) && m.data.includes(`Subject: ${subject}`));
  const send = async (leadId: string, subject: string) => {
    const res = await jane.post(`/api/dashboard/leads/${leadId}/emails`, { subject, body: 'A few homes for you.' });
    expect(res.status, res.text).toBe(201);
    return res.body.messageId as string;
  };
  const sender = () => app.server.app.get(LeadEmailSender);

  beforeAll(async () => {
    jane = await signIn(app.server, demoUser('agent').email);
  });

  it(
    'keeps a message while the relay is down, tries again after seconds (not at every sweep), and sends it once when the relay is back',
    { timeout: 180_000 },
    async () => {
      const lead = await janesLead(app.server);
      const messageId = await send(lead.leadId, 'Down for a while');
      await until('a failed try', async () => ((await row(messageId))?.attempts ?? 0) >= 1);
      const first = (await row(messageId))!;
      expect(first.state).toBe('pending');
      expect(first.last_error).toMatch(/ECONNREFUSED/);
      // The next try is seconds away, not the next sweep's.
      expect(first.next_attempt_at!.getTime() - first.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(2000);

      // Sweeps before it is due leave it alone: any try they made came after its time.
      await sender().sendPending();
      await sender().sendPending();
      const swept = (await row(messageId))!;
      if (swept.attempts > first.attempts) expect(swept.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(first.next_attempt_at!.getTime());

      await relay.start();
      await until('the message sent', async () => (await row(messageId))?.state === 'sent');
      const sent = accepted(lead.email, 'Down for a while');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data).toMatch(new RegExp(`Message-ID:\\s+<lead-email\\.${first.mail_id}@`, 'i'));
      await sender().sendPending();
      expect(accepted(lead.email, 'Down for a while')).toHaveLength(1);
    },
  );

  it(
    'gives up a message the relay refuses for good (5xx) at its first try, keeps the reason, shows it in the lead’s thread, and staff send it again',
    { timeout: 180_000 },
    async () => {
      relay.refuse = true;
      const lead = await janesLead(app.server);
      const messageId = await send(lead.leadId, 'Refused for good');
      await until('the refusal', async () => ['failed', 'sent'].includes((await row(messageId))?.state ?? ''), 30_000);
      const failed = (await row(messageId))!;
      expect(failed).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_error: 'SMTP 550: 5.1.1 <address>: Recipient address rejected: User unknown',
        next_attempt_at: null,
      });
      expect(failed.failed_at).not.toBeNull();
      await sender().sendPending();
      await sender().sendPending();
      // No retry storm: the relay was asked once.
      expect(relay.recipients.filter((r) => r === lead.email)).toHaveLength(1);
      expect((await outboxCounts(pool())).find((o) => o.name === 'lead-email')).toEqual({ name: 'lead-email', pending: 0, failed: 1 });

      const thread = await jane.get(`/api/dashboard/leads/${lead.leadId}/thread/failed`);
      expect(thread.status, thread.text).toBe(200);
      expect(thread.body.failed).toEqual([
        expect.objectContaining({ id: failed.mail_id, outbox: 'lead-email', channel: 'email', itemId: messageId, reason: failed.last_error, attempts: 1 }),
      ]);
      const alex = await signIn(app.server, demoUser('agent2').email);
      expect((await alex.get(`/api/dashboard/leads/${lead.leadId}/thread/failed`)).status).toBe(404);

      // Staff see it in the back-office and send it again, once: the same message (its Message-ID) goes out when the relay takes it.
      const staff = await signIn(app.server, demoUser('staff').email);
      expect((await jane.get('/api/backoffice/outboxes/failed')).status).toBe(403);
      const list = await staff.get('/api/backoffice/outboxes/failed');
      expect(list.status, list.text).toBe(200);
      const group = (list.body.outboxes as { name: string; total: number; failed: { id: string }[] }[]).find((o) => o.name === 'lead-email')!;
      expect(group.failed).toContainEqual(
        expect.objectContaining({ id: failed.mail_id, reason: failed.last_error, attempts: 1, lastAttemptAt: failed.last_attempt_at!.toISOString() }),
      );

      relay.refuse = false;
      const again = `/api/backoffice/outboxes/lead-email/${failed.mail_id}/send-again`;
      expect((await staff.post(again, {})).status).toBe(202);
      const twice = await staff.post(again, {});
      expect(twice.status).toBe(409);
      expect(twice.body.message).toMatch(/not failed/);
      // Staff actions are audited: the staff member's account history says who sent what again, and when (once for the two clicks).
      const sam = demoUser('staff').userId;
      const history = await staff.get(`/api/backoffice/accounts/${sam}/history?type=FailedMessageSentAgain`);
      expect(history.status, history.text).toBe(200);
      expect(history.body.events).toEqual([
        expect.objectContaining({
          type: 'FailedMessageSentAgain',
          actorId: sam,
          at: expect.any(String),
          data: { userId: sam, outbox: 'lead-email', messageId: failed.mail_id, leadId: lead.leadId },
        }),
      ]);
      expect((await staff.post('/api/backoffice/outboxes/lead-email/00000000-0000-4000-8000-000000000000/send-again', {})).status).toBe(404);
      expect((await staff.post(`/api/backoffice/outboxes/no-such-outbox/${failed.mail_id}/send-again`, {})).status).toBe(404);
      await until('the message sent again', async () => (await row(messageId))?.state === 'sent', 30_000);
      const sent = accepted(lead.email, 'Refused for good');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data).toMatch(new RegExp(`Message-ID:\\s+<lead-email\\.${failed.mail_id}@`, 'i'));
      expect((await jane.get(`/api/dashboard/leads/${lead.leadId}/thread/failed`)).body.failed).toEqual([]);
    },
  );
});
