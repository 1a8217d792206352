import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { SHOWING_CHANGED_SIGNAL } from '../../../../projections/showings';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { CONFIG, DB_POOL, RUNTIME } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { SecretKey } from '../../accounts';
import { Mailer } from '../../messaging';
import { queueNotification, WebPushSender } from '../../notifications';
import { ShowingNotices } from './showing-notices';

/** Reminders go within this long of 9 am; invitations and cancellations at once by the signal, else within this. */
const SWEEP_MS = 15_000;

/** Runs the ShowingNotices on the wall clock, woken by the showings read model and every 15 s, on every instance (the outbox keys keep it once). */
@Injectable()
export class ShowingNoticesReactor extends SweptReactor {
  readonly notices: ShowingNotices;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(DB_POOL) pool: pg.Pool,
    @Inject(EventStore) store: EventStore,
    @Inject(Mailer) mailer: Mailer,
    @Inject(CONFIG) config: Config,
    @Inject(SecretKey) secret: SecretKey,
    @Inject(WebPushSender) pushes: WebPushSender,
  ) {
    super();
    this.notices = new ShowingNotices({
      pool,
      store,
      mailer,
      baseUrl: config.publicUrl,
      secret: () => secret.get(),
      push: (db, userId, n) => queueNotification(db, n.id, userId, n),
      wakePushes: () => pushes.wake(),
    });
  }

  protected schedule(): Schedule {
    return { name: 'showing notices', everyMs: SWEEP_MS, signal: { name: SHOWING_CHANGED_SIGNAL, runtime: this.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.notices.send(new Date());
  }
}
