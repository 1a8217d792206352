import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { Mailer } from '../../messaging';
import { ReminderOutbox } from './reminder-outbox';

/** The digest goes within this long of 8 am. */
const SWEEP_MS = 15_000;

/** Runs the morning digests on the wall clock every 15 s, on every instance (the outbox keys keep each once). */
@Injectable()
export class TaskReminders extends SweptReactor {
  readonly outbox: ReminderOutbox;

  constructor(@Inject(DB_POOL) pool: pg.Pool, @Inject(EventStore) store: EventStore, @Inject(Mailer) mailer: Mailer, @Inject(CONFIG) config: Config) {
    super();
    this.outbox = new ReminderOutbox({ pool, store, mailer, baseUrl: config.publicUrl });
  }

  protected schedule(): Schedule {
    // Before the tasks read model's tables exist (42P01) there is nothing to remind of.
    return { name: 'task reminders', everyMs: SWEEP_MS };
  }

  protected async onSweep(): Promise<void> {
    const now = new Date();
    await this.outbox.sendDigests(now);
  }
}
