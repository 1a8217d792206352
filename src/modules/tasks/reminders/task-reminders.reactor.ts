import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { PushSweeper } from '../../../app/push-sweeper';
import { CONFIG, DB_POOL } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { Mailer } from '../../messaging';
import { WebPushNotifier } from '../../notifications';
import { ReminderOutbox } from './reminder-outbox';

const log = logger('task-reminders');
/** Reminders go within this long of their due time; the digest within this long of 8 am. */
const SWEEP_MS = 15_000;

/** Runs the ReminderOutbox on the wall clock every 15 s, on every instance (the outbox keys keep it once). */
@Injectable()
export class TaskReminders implements OnApplicationBootstrap, OnModuleDestroy {
  readonly outbox: ReminderOutbox;
  private readonly sweeper = new PushSweeper(
    async () => {
      const now = new Date();
      await this.outbox.sendReminders(now);
      await this.outbox.sendDigests(now);
    },
    (err) => {
      // Before the tasks read model's tables exist there is nothing to remind of.
      if (err.code !== '42P01') log.error('task reminders failed; the sweep retries', { message: err.message });
    },
  );

  constructor(
    @Inject(DB_POOL) pool: pg.Pool,
    @Inject(EventStore) store: EventStore,
    @Inject(Mailer) mailer: Mailer,
    @Inject(WebPushNotifier) notifier: WebPushNotifier,
    @Inject(CONFIG) config: Config,
  ) {
    this.outbox = new ReminderOutbox({ pool, store, mailer, baseUrl: config.publicUrl, push: (userId, n) => notifier.notify([`user:${userId}`], n) });
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
