import type pg from 'pg';
import { digestCandidates, type DueReminder, dueReminders, listTasks } from '../../../../projections/tasks';
import { TASK_TYPE_LABEL } from '../../../contract/tasks';
import type { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { loadAccount } from '../../accounts';
import { decideOnce } from '../../../database/decide-once';
import { decideOnceWithRetry, type Deferral, type Mailer, type ReactorOutbox } from '../../messaging';
import type { Notification } from '../../notifications';
import { loadTask } from '../task';
import { renderTaskDigest } from './digest-mail';

const log = logger('task-reminders');

/** The outboxes this folder owns (decide-and-send: a row is written by the transaction that sends it). */
export const TASK_REMINDER_OUTBOX: ReactorOutbox = { outboxTables: ['task_reminder_outbox', 'task_digest_outbox'] };
/** A reminder whose time came while no instance ran longer ago than this is not sent late. */
export const REMINDER_LATEST_MS = 24 * 3600_000;

/** Sends one web push to a person's subscriptions (the notifications context's WebPushNotifier in the app). */
export type SendPush = (userId: string, notification: Notification) => Promise<unknown>;

export type ReminderOutboxDeps = {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly push: SendPush;
  readonly mailer: Mailer;
  readonly baseUrl: string;
};

/** One reminder's id: the task and the due time it is for (a snooze is a new due time, so a new reminder). */
export const reminderId = (taskId: string, dueAt: Date) => stableId(`task reminder ${taskId} ${dueAt.toISOString()}`);

/**
 * The reminders' and the morning digests' sending half, with time passed in (`now`) so tests set
 * the clock. A reminder: its row in task_reminder_outbox (task id + due time) is inserted, the
 * push sent and the row committed in one transaction, so two sweepers never both send (the
 * second waits on the key, then finds it taken) and a crash before the commit sends again after
 * restart with the same id, which the push service (Topic) and the service worker show once.
 * Before sending, the task is read from its stream: done, moved or gone makes the reminder void.
 * A digest: one row per agent and local date in task_digest_outbox, the same way, through the
 * Mailer port; a day with nothing overdue or due is recorded as skipped. A failure waits as the
 * outboxes' retry policy says (decideOnceWithRetry).
 */
export class ReminderOutbox {
  constructor(private readonly deps: ReminderOutboxDeps) {}

  async sendReminders(now: Date): Promise<number> {
    let sent = 0;
    for (const r of await dueReminders(this.deps.pool, now, new Date(now.getTime() - REMINDER_LATEST_MS))) {
      if (await this.remind(r)) sent++;
    }
    return sent;
  }

  async sendDigests(now: Date): Promise<number> {
    let sent = 0;
    for (const c of await digestCandidates(this.deps.pool, now)) {
      if (await this.digest(c.agentId, c.localDate, c.timeZone, now)) sent++;
    }
    return sent;
  }

  private async remind(r: DueReminder): Promise<boolean> {
    const task = await loadTask(this.deps.store, r.taskId);
    const live = task.exists && !task.done && task.dueAt === r.dueAt.toISOString();
    // A web push is best effort (the notifier never throws), so a reminder has no retries to space out.
    return decideOnce(
      this.deps.pool,
      'INSERT INTO task_reminder_outbox (task_id, due_at, assignee_id, state) VALUES ($1, $2, $3, $4) ON CONFLICT (task_id, due_at) DO NOTHING',
      [r.taskId, r.dueAt, task.exists ? task.assigneeId : r.assigneeId, live ? 'sent' : 'void'],
      async () => {
        if (!task.exists || !live) return false;
        const id = reminderId(r.taskId, r.dueAt);
        await this.deps.push(task.assigneeId, {
          title: `Task due: ${task.title}`,
          body: `${TASK_TYPE_LABEL[task.taskType]}${r.leadName ? ` · ${r.leadName}` : ''}`,
          url: `/dashboard?lead=${task.leadId}`,
          tag: `task-${task.taskId}`,
          id,
        });
        return true;
      },
      (err) => log.warn('a task reminder was not sent; the next sweep tries again', { error: err.name }),
    );
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
      log.warn(f.permanent ? 'a task reminder or digest was refused for good' : 'a task reminder or digest was not sent; it is tried again later', {
        outbox: deferral.outbox,
        error: err.name,
      }),
    );
  }
}
