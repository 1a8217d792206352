import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { CommandContext } from '../../../commands/command-context';
import { metadataOf } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import { EventStore, START } from '../../../eventstore/event-store.port';
import { type SealedItemCounts, SealedItems } from '../../../eventstore/personal-data/sealed-items';
import { oncePerDatabase } from '../../../database/once-per-database';
import { DB_POOL } from '../../../runtime/tokens';
import { conflict, validation } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { parseEmail, SecretKey, userIdByEmail } from '../../accounts';
import { requireReason } from '../../backoffice';
import { purgeMessagesNaming } from '../erase-person/purge-traces';
import { type SealedItemsErased, sealedItemsErasureStream } from '../privacy.events';

const log = logger('privacy');

/** The backfill's id in one_time_backfills. */
export const EARLIER_ITEMS_BACKFILL = 'sealed-items-index-earlier-v1';

export const NOT_AN_ADDRESS = 'Please enter a valid e-mail address';
export const ADDRESS_OF_ACCOUNT = 'This address belongs to an account: erase it from the account’s page (its reports and intake items go with it)';

/**
 * Personal data sealed under keys of its own (a listing report's seller, a kept intake delivery):
 * found by address through the blind index, erased by destroying those keys. The record of an
 * erasure counts what went, never whose it was.
 */
@Injectable()
export class SealedItemEraser {
  readonly items: SealedItems;
  private earlierIndexed = false;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SecretKey) secret: SecretKey,
  ) {
    this.items = new SealedItems(pool, secret);
  }

  /**
   * The items recorded before the index existed, indexed from the log as it reads now: once per
   * database (oncePerDatabase: a second instance waits for the first and skips it; a later start
   * reads nothing), and remembered in the process so that later sweeps do not even ask. Items
   * already erased hold no address and are left out.
   */
  async indexEarlierItems(): Promise<void> {
    if (this.earlierIndexed) return;
    const ran = await oncePerDatabase(this.pool, EARLIER_ITEMS_BACKFILL, () => this.indexFromLog());
    if (ran) log.info('sealed items recorded before their index indexed from the log');
    this.earlierIndexed = true;
  }

  private async indexFromLog(): Promise<number> {
    let items = 0;
    for (let from = START; ;) {
      const page = await this.store.readAll(from, { types: ['ListingReportEmailed', 'IntakeDeliveryKept'], limit: 500 });
      const subject = (d: Record<string, unknown>) => String(d.sendId ?? d.deliveryId);
      const erased = await this.items.erased(page.events.map((e) => subject(e.data as Record<string, unknown>)));
      for (const e of page.events) {
        const d = e.data as Record<string, unknown>;
        if (erased.has(subject(d))) continue;
        const at = new Date(e.metadata.at);
        if (e.type === 'ListingReportEmailed') await this.items.remember('listing-report', subject(d), [String(d.sellerEmail)], at);
        else await this.items.remember('intake', subject(d), [String(d.from), String((d.prefill as { email?: unknown } | null)?.email ?? '')], at);
        items++;
      }
      if (page.atEnd) return items;
      from = page.next;
    }
  }

  /** Every item sent to or kept from these addresses, erased (an account's erasure, with its own record). */
  async eraseAddresses(addresses: readonly string[]): Promise<SealedItemCounts> {
    await this.indexEarlierItems();
    const subjects = new Set<string>();
    for (const a of addresses) if (a.includes('@')) for (const s of await this.items.byAddress(a)) subjects.add(s);
    return this.items.erase([...subjects]);
  }

  /** Staff, on the request of a person who has no account: the items to or from the address, and the finished mail naming it. */
  async eraseOnRequest(input: { address: string; reason: string; byUserId: string }, ctx: CommandContext): Promise<SealedItemCounts> {
    const reason = requireReason(input.reason);
    const address = parseEmail(input.address);
    if (!address) throw validation(NOT_AN_ADDRESS);
    if (await userIdByEmail(this.store, address)) throw conflict(ADDRESS_OF_ACCOUNT);
    const counts = await this.eraseAddresses([address]);
    await purgeMessagesNaming(this.pool, [address]);
    await this.record({ how: 'request', byUserId: input.byUserId, reason, ...counts }, ctx);
    return counts;
  }

  /** Retention: the items of a kind older than the cutoff (at most `limit`), erased once whichever sweep gets them. */
  async eraseOlderThan(cutoffs: { listingReports: Date; intakeItems: Date }, limit: number, reason: string, ctx: CommandContext): Promise<SealedItemCounts> {
    await this.indexEarlierItems();
    const subjects = [
      ...(await this.items.olderThan('listing-report', cutoffs.listingReports, limit)),
      ...(await this.items.olderThan('intake', cutoffs.intakeItems, limit)),
    ];
    const counts = await this.items.erase(subjects);
    if (counts.listingReports + counts.intakeItems > 0) await this.record({ how: 'retention', byUserId: null, reason, ...counts }, ctx);
    return counts;
  }

  private async record(data: Omit<SealedItemsErased['data'], 'erasureId'>, ctx: CommandContext): Promise<void> {
    const erasureId = newId();
    const event: SealedItemsErased = { type: 'SealedItemsErased', data: { erasureId, ...data } };
    await recordOnce(this.store, sealedItemsErasureStream(erasureId), [{ ...event, eventId: erasureId, metadata: metadataOf(ctx) }]);
    log.info('sealed items erased', { how: data.how, listingReports: data.listingReports, intakeItems: data.intakeItems });
  }
}
