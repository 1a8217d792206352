import type pg from 'pg';
import { digestCandidates, listTasks } from '../../../../projections/tasks';
import type { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import { decideOnceWithRetry, type Deferral, type Mailer, type ReactorOutbox } from '../../messaging';
import { renderTaskDigest } from './digest-mail';

const log = logger('task-reminders');

/**
 * The outboxes this folder owns: the reminders' queue (filled by the task_reminders projection,
 * sent by TaskReminderSender) and the digests' decide-and-send table.
 */
export const TASK_REMINDER_OUTBOX: ReactorOutbox = { outboxTables: ['task_reminder_outbox', 'task_digest_outbox'] };

export type ReminderOutboxDeps = {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly mailer: Mailer;
  readonly baseUrl: string;
};

/**
 * The morning digests' sending half, with time passed in (`now`) so tests set the clock: one row
 * per agent and local date in task_digest_outbox, inserted, decided and mailed through the Mailer
 * port in one transaction, so two sweepers never both send; a day with nothing overdue or due is
 * recorded as skipped. A failure waits as the outboxes' retry policy says (decideOnceWithRetry).
 * (The reminders at the due time are a queue: reminder.queue.ts and TaskReminderSender.)
 */
export class ReminderOutbox {
  constructor(private readonly deps: ReminderOutboxDeps) {}

  async sendDigests(now: Date): Promise<number> {
    let sent = 0;
    for (const c of await digestCandidates(this.deps.pool, now)) {
      if (await this.digest(c.agentId, c.localDate, c.timeZone, now)) sent++;
    }
    return sent;
  }

  private async digest(agentId: string, localDate: string, timeZone: string, now: Date): Promise<boolean> {
    const scope = { kind: 'assignee', userId: agentId } as const;
    return this.once(
      { outbox: 'task-digests', key: `${agentId} ${localDate}` },
      `INSERT INTO task_digest_outbox (agent_id, local_date, state) VALUES ($1, $2, 'deciding') ON CONFLICT (agent_id, local_date) DO NOTHING`,
      [agentId, localDate],
      async (db) => {
        const [overdue, today] = await Promise.all([listTasks(this.deps.pool, scope, 'overdue', now), listTasks(this.deps.pool, scope, 'today', now)]);
        const { account } = await loadAccount(this.deps.store, agentId);
        const state = overdue.length + today.length === 0 ? 'skipped' : !account.exists || !account.consent.email ? 'suppressed' : 'sent';
        await db.query('UPDATE task_digest_outbox SET state = $3, tasks = $4 WHERE agent_id = $1 AND local_date = $2', [
          agentId,
          localDate,
          state,
          overdue.length + today.length,
        ]);
        if (state !== 'sent' || !account.exists) return false;
        await this.deps.mailer.send(
          renderTaskDigest({ to: account.email, firstName: account.firstName, localDate, timeZone, overdue, today, baseUrl: this.deps.baseUrl }),
        );
        return true;
      },
    );
  }

  private once(deferral: Deferral, insert: string, params: unknown[], send: (db: pg.PoolClient) => Promise<boolean>): Promise<boolean> {
    return decideOnceWithRetry(this.deps.pool, deferral, insert, params, send, (err, f) =>
      log.warn(f.permanent ? 'a task digest was refused for good' : 'a task digest was not sent; it is tried again later', {
        outbox: deferral.outbox,
        error: err.name,
      }),
    );
  }
}
