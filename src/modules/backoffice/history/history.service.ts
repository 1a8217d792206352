import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../app/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { userStream } from '../../accounts';
import { backofficeStream } from '../account-admin';
import { mergeNewestFirst } from './account-history';

export type Person = { readonly userId: string; readonly name: string; readonly email: string; readonly securityLevel: number };

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
    const { rows } = await this.pool.query<{ stream_id: string }>('SELECT stream_id FROM account_streams WHERE user_id = $1', [userId]);
    return [...new Set([userStream(userId), backofficeStream(userId), ...rows.map((r) => r.stream_id)])];
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
    const { rows } = await this.pool.query<{ user_id: string; full_name: string; email: string; security_level: number }>(
      'SELECT user_id, full_name, email, security_level FROM members WHERE user_id = ANY($1::uuid[])',
      [wanted],
    );
    return Object.fromEntries(rows.map((r) => [r.user_id, { userId: r.user_id, name: r.full_name, email: r.email, securityLevel: r.security_level }]));
  }
}
