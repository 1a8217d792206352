import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Config } from '../../config/config';
import { EventStore } from '../../eventstore/event-store.port';
import type { Runtime } from '../../runtime/runtime';
import { CONFIG, DB_POOL, RUNTIME } from '../../runtime/tokens';
import { Mailer } from './mailer.port';
import { SmsSender } from './sms/sms.port';

/**
 * What every outbox sender needs whatever it sends: the signals, the pool its rows are claimed
 * from, the log it composes from, the providers and the configuration. One injectable, so that a
 * sender's constructor names only what is its own (a site resolver, a link signer).
 */
@Injectable()
export class OutboxKit {
  constructor(
    @Inject(RUNTIME) readonly runtime: Pick<Runtime, 'onSignal'>,
    @Inject(DB_POOL) readonly pool: pg.Pool,
    @Inject(EventStore) readonly store: EventStore,
    @Inject(Mailer) readonly mailer: Mailer,
    @Inject(SmsSender) readonly sms: SmsSender,
    @Inject(CONFIG) readonly config: Config,
  ) {}
}
