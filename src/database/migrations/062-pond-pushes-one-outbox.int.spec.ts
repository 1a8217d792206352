import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { migrate } from '../migrate';
import { migrations } from './index';
import { pondPushesOneOutbox } from './062-pond-pushes-one-outbox';

type NoticeRow = { notice_id: string; state: string; to_address: string; subject: string; body: string; html: string | null; url: string };
type QueueRow = { event_id: string; name: string; lead_id: string | null; user_ids: string[]; staff: boolean; payload: unknown; at: Date; state: string };

/**
 * Migration 62 on a database that has rows: the pond pushes not yet done in lead_notice_outbox
 * (pending, or failed and waiting for a human) become web_push_queue rows under their notice's id,
 * worded as they were, and are left 'moved' with their words cleared; every other row is as it was.
 */
describe('migration 62 (pond pushes to the one web push outbox) with rows present', () => {
  let db: TestDatabase;
  const lead = randomUUID();
  const agent = randomUUID();
  const created = new Date('2026-11-29T10:00:00Z');
  const ids = { pending: randomUUID(), failed: randomUUID(), sent: randomUUID(), email: randomUUID(), queued: randomUUID() };
  const notice = (noticeId: string, channel: string, state: string, to: string) => ({
    noticeId,
    channel,
    state,
    to,
    subject: `New pond lead ${noticeId.slice(0, 4)}`,
    body: 'Pat Pond (Buyer) is in the pond: first to claim gets it.',
    html: channel === 'email' ? '<p>Pat Pond</p>' : null,
    url: `/dashboard?lead=${lead}`,
  });
  const notices = [
    notice(ids.pending, 'push', 'pending', 'https://push.example/endpoint-1'),
    notice(ids.failed, 'push', 'failed', 'https://push.example/endpoint-2'),
    notice(ids.sent, 'push', 'sent', ''),
    notice(ids.email, 'email', 'pending', 'agent@example.com'),
    // Already in the web push queue (a second run of the same rows): the queue's row is kept as it is.
    notice(ids.queued, 'push', 'pending', 'https://push.example/endpoint-3'),
  ];
  const noticeRows = async () =>
    (await db.pool.query<NoticeRow>('SELECT notice_id, state, to_address, subject, body, html, url FROM lead_notice_outbox ORDER BY notice_id')).rows;
  const queueRows = async () => (await db.pool.query<QueueRow>('SELECT * FROM web_push_queue ORDER BY event_id')).rows;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await migrate(
      db.pool,
      migrations.filter((m) => m.id < pondPushesOneOutbox.id),
    );
    for (const n of notices)
      await db.pool.query(
        `INSERT INTO lead_notice_outbox (notice_id, event_id, lead_id, recipient_id, channel, to_address, subject, body, html, url, state, created_at, attempts, failed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          n.noticeId,
          randomUUID(),
          lead,
          agent,
          n.channel,
          n.to,
          n.subject,
          n.body,
          n.html,
          n.url,
          n.state,
          created,
          n.state === 'failed' ? 30 : 0,
          n.state === 'failed' ? created : null,
        ],
      );
    await db.pool.query(
      `INSERT INTO web_push_queue (event_id, name, lead_id, user_ids, staff, payload, at, state) VALUES ($1, 'notification', NULL, $2, false, $3, $4, 'planned')`,
      [ids.queued, [agent], JSON.stringify({}), created],
    );
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('moves the pending and failed pond pushes into the web push queue, worded as they were, and leaves every other row as it was', async () => {
    const before = await noticeRows();
    expect(await migrate(db.pool)).toEqual([pondPushesOneOutbox.id, ...migrations.filter((m) => m.id > pondPushesOneOutbox.id).map((m) => m.id)]);

    const moved = (id: string) => ({ ...before.find((r) => r.notice_id === id)!, state: 'moved', to_address: '', subject: '', body: '', html: null });
    const kept = (id: string) => before.find((r) => r.notice_id === id)!;
    expect(await noticeRows()).toEqual(
      [moved(ids.pending), moved(ids.failed), kept(ids.sent), kept(ids.email), moved(ids.queued)].sort((a, b) => a.notice_id.localeCompare(b.notice_id)),
    );

    const pushOf = (n: (typeof notices)[number]) => ({
      event_id: n.noticeId,
      name: 'notification',
      lead_id: null,
      user_ids: [agent],
      staff: false,
      payload: { title: n.subject, body: n.body, url: n.url, tag: `pond-${lead}`, id: n.noticeId },
      at: created,
      state: 'pending',
    });
    const queuedBefore = {
      event_id: ids.queued,
      name: 'notification',
      lead_id: null,
      user_ids: [agent],
      staff: false,
      payload: {},
      at: created,
      state: 'planned',
    };
    expect(await queueRows()).toEqual([pushOf(notices[0]!), pushOf(notices[1]!), queuedBefore].sort((a, b) => a.event_id.localeCompare(b.event_id)));
  });
});
