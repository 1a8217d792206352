import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DecideAcrossCommand } from '../../../commands/decide-command';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { DataKeys } from '../../../eventstore/personal-data/data-keys';
import { EventStore } from '../../../eventstore/event-store.port';
import type { Event } from '../../../shared/event';
import { logger } from '../../../shared/logger';
import { type Account, type AccountEvent, evolveAccount, initialAccount, SessionStore, userStream } from '../../accounts';
import { UploadStore } from '../../uploads';
import { contactAndUploadTypes, contactsAndUploads, personEvents } from '../person-events';
import { type ErasureHow, type PrivacyEvent, privacyStream } from '../privacy.events';
import { decideErasePerson, type Erasure, evolveErasure, initialErasure } from './erase-person.decide';
import { purgeOutboxes } from './purge-traces';
import { SealedItemEraser } from '../erase-sealed-items/sealed-item-eraser';

const log = logger('privacy');

export type ErasureRequest = { readonly userId: string; readonly how: ErasureHow; readonly reason: string; readonly byUserId: string | null };

/**
 * Forgets a person: the refusals first (decideErasePerson on the account and its privacy stream),
 * then the keys of the account and its leads are destroyed (from this moment every sealed value
 * of theirs reads as erased, on every instance), then PersonErased (and the sign-in block) is
 * appended, which read models blank the person's rows on; then outboxes and uploads are purged.
 * A crash between steps is mended by asking again: the keys stay destroyed, the event is decided
 * once, the purges are idempotent.
 */
@Injectable()
export class PersonEraser {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(SealedItemEraser) private readonly sealedItems: SealedItemEraser,
  ) {}

  /** Throws what erasing would be refused with now (a staff account, already erased), changing nothing. */
  async refusal(request: ErasureRequest): Promise<void> {
    const streams = this.streams(request.userId);
    const [account, erasure] = await Promise.all(streams.map(async (s) => (await this.store.readStream(s.streamId)).reduce(s.evolve, s.initialState())));
    decideErasePerson({ ...request, leadIds: [] }, account as Account, erasure as Erasure);
  }

  private streams(userId: string) {
    return [
      {
        streamId: userStream(userId),
        initialState: initialAccount as () => Account | Erasure,
        evolve: (s: Account | Erasure, e: Event) => evolveAccount(s as Account, e as AccountEvent),
      },
      {
        streamId: privacyStream(userId),
        initialState: initialErasure as () => Account | Erasure,
        evolve: (s: Account | Erasure, e: Event) => evolveErasure(s as Erasure, e as PrivacyEvent),
      },
    ];
  }

  async erase(request: ErasureRequest, ctx: CommandContext): Promise<{ erasedAt: string; leads: number }> {
    const streams = this.streams(request.userId);
    // Decided once without appending (and before reading everything about the person), so a refusal destroys nothing.
    await this.refusal(request);

    // Only what names or reaches the person, or links to their uploads: not every message they wrote.
    const person = await personEvents(this.store, this.pool, request.userId, contactAndUploadTypes);
    const { values, uploads } = contactsAndUploads(person);
    // Reports e-mailed to the person's addresses and intake items kept from them have keys of their own.
    const sealedItems = await this.sealedItems.eraseAddresses(values);
    const command = { ...request, leadIds: person.leadIds, sealedItems };
    await new DataKeys(this.pool).destroy(request.userId, person.leadIds);
    await this.commands.execute(
      new DecideAcrossCommand(
        streams,
        ([a, e]) => {
          const decided = decideErasePerson(command, a as Account, e as Erasure);
          return [decided.account, decided.privacy];
        },
        ctx,
      ),
    );
    await this.sessions.endAllFor(request.userId);
    await purgeOutboxes(this.pool, request.userId, person.leadIds, values);
    for (const name of uploads) await this.uploads.remove(name);
    log.info('person erased', { userId: request.userId, how: request.how, leads: person.leadIds.length });
    return { erasedAt: ctx.now.toISOString(), leads: person.leadIds.length };
  }
}
