import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { SHOWING_CHANGED_SIGNAL } from '../../../../projections/showings';
import { PushSweeper } from '../../../app/push-sweeper';
import type { Runtime } from '../../../app/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../../app/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { Mailer, SmsSender } from '../../messaging';
import { ShowingNotices } from './showing-notices';

const log = logger('showing-notices');
/** Reminders go within this long of 9 am; invitations and cancellations at once by the signal, else within this. */
const SWEEP_MS = 15_000;

/** Runs the ShowingNotices on the wall clock, woken by the showings read model and every 15 s, on every instance (the outbox keys keep it once). */
@Injectable()
export class ShowingNoticesReactor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  readonly notices: ShowingNotices;
  private readonly sweeper = new PushSweeper(
    () => this.notices.send(new Date()),
    (err) => {
      if (err.code !== '42P01') log.error('showing notices failed; the sweep retries', { message: err.message });
    },
  );

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) pool: pg.Pool,
    @Inject(EventStore) store: EventStore,
    @Inject(Mailer) mailer: Mailer,
    @Inject(SmsSender) sms: SmsSender,
    @Inject(CONFIG) config: Config,
  ) {
    this.notices = new ShowingNotices({ pool, store, mailer, sms, baseUrl: config.publicUrl });
  }

  onModuleInit(): void {
    this.sweeper.listen(this.runtime, SHOWING_CHANGED_SIGNAL);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start(SWEEP_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
