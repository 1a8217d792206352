import type { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import { type Mailbox, mailboxDecider } from '../mailbox.decide';
import { type MailboxConnected, mailboxStream } from '../mailbox.events';
import { MailboxCommand } from '../mailbox.command';

export async function loadMailbox(store: EventStore, userId: string): Promise<Mailbox> {
  return fold(mailboxDecider, (await store.readStream(mailboxStream(userId))) as never) as Mailbox;
}

/** Records a mailbox connected (tested before), with a password or through OAuth, and makes it due for a sync at once. */
export async function recordConnection(
  store: EventStore,
  commands: CommandBus,
  pool: pg.Pool,
  data: MailboxConnected['data'],
  ctx: CommandContext,
): Promise<void> {
  const before = await loadMailbox(store, data.userId);
  await commands.execute(new MailboxCommand(mailboxStream(data.userId), { kind: 'connect', ...data }, ctx));
  // Another mailbox: its folders' checkpoints say nothing of this one.
  if (before.connected && (before.address !== data.address || before.imap.host !== data.imap.host || before.username !== data.username)) {
    await pool.query('DELETE FROM mailbox_folders WHERE user_id = $1', [data.userId]);
  }
  await pool.query(
    `INSERT INTO mailbox_sync (user_id, connected_at) VALUES ($1, now())
     ON CONFLICT (user_id) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = NULL, first_failed_at = NULL, last_error = NULL, failed_at = NULL`,
    [data.userId],
  );
}
