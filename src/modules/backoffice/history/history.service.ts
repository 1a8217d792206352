import { streamsAbout } from '../../../../projections/account-streams';
import { peopleByIds, type Person } from '../../../../projections/members';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { userStream } from '../../accounts';
import { backofficeStream } from '../account-admin';
import { mergeNewestFirst } from './account-history';

export type { Person };

/**
 * Reads an account's history from the event store: its own streams (always, so a write just made
 * shows at once) and the streams the account_streams index says are about it.
 */
@Injectable()
export class AccountHistoryReader {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  async streamsOf(userId: string): Promise<string[]> {
    return [...new Set([userStream(userId), backofficeStream(userId), ...(await streamsAbout(this.pool, userId))])];
  }

  async events(userId: string): Promise<StoredEvent[]> {
    const streams = await this.store.readStreams(await this.streamsOf(userId));
    return mergeNewestFirst(streams.values());
  }

  /** The account's own two streams (what its state folds). */
  readOwn(userId: string): Promise<Map<string, StoredEvent[]>> {
    return this.store.readStreams([userStream(userId), backofficeStream(userId)]);
  }

  /** Names for the actors and impersonators a page shows (from the members read model). */
  async people(ids: Iterable<string | null>): Promise<Record<string, Person>> {
    const wanted = [...new Set([...ids].filter((x): x is string => !!x))];
    if (wanted.length === 0) return {};
    return Object.fromEntries((await peopleByIds(this.pool, wanted)).map((p) => [p.userId, p]));
  }
}
