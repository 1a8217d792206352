import { quietLeadAccounts } from '../../../../projections/lead-feed';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { systemContext } from '../../../commands/command-context';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { LEVEL, loadAccount } from '../../accounts';
import { PersonEraser } from '../erase-person/person-eraser';
import { SealedItemEraser } from '../erase-sealed-items/sealed-item-eraser';

const log = logger('retention');
const SWEEP_MS = 60 * 60_000;
const PER_SWEEP = 200;
const DAY_MS = 86_400_000;
/** Listing reports e-mailed to sellers are kept as long as leads (LEAD_RETENTION_DAYS), else this long. */
export const LISTING_REPORT_RETENTION_DAYS = 365;
/** Intake items no one made a lead of or dismissed. */
export const INTAKE_ITEM_RETENTION_DAYS = 90;

/**
 * Retention (issue 18, LEAD_RETENTION_DAYS, off by default): every hour, the lead accounts whose
 * every lead has been quiet longer than the retention are erased exactly as on request
 * (PersonEraser, `how: 'retention'`, no actor). Exactly once across instances and crashes: the
 * erasure is decided on the account's privacy stream at the revision read, so a second sweep (or
 * instance) finds it erased (409) and moves on; destroying keys and purging are idempotent.
 * Only level-5 accounts: an agent's, broker's or staff's never goes this way.
 */
@Injectable()
export class LeadRetentionReactor extends SweptReactor {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(PersonEraser) private readonly eraser: PersonEraser,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SealedItemEraser) private readonly sealedItems: SealedItemEraser,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'the lead retention sweep', everyMs: SWEEP_MS };
  }

  protected async onSweep(): Promise<unknown> {
    await this.sweepSealedItems(new Date());
    return this.sweep(new Date());
  }

  /**
   * The listing reports and intake items past their retention, erased (their keys destroyed) in
   * batches; each item is counted by the one sweep that marks it, so a record is made once.
   */
  async sweepSealedItems(now: Date): Promise<{ listingReports: number; intakeItems: number }> {
    const reportDays = this.config.leadRetentionDays > 0 ? this.config.leadRetentionDays : LISTING_REPORT_RETENTION_DAYS;
    const cutoffs = {
      listingReports: new Date(now.getTime() - reportDays * DAY_MS),
      intakeItems: new Date(now.getTime() - INTAKE_ITEM_RETENTION_DAYS * DAY_MS),
    };
    const reason = `Listing reports older than ${reportDays} days, intake items older than ${INTAKE_ITEM_RETENTION_DAYS} days`;
    return this.sealedItems.eraseOlderThan(cutoffs, PER_SWEEP, reason, systemContext(now));
  }

  /** Erases the quiet leads as of `now`; answers how many accounts were erased (0 when retention is off). */
  async sweep(now: Date): Promise<number> {
    const days = this.config.leadRetentionDays;
    if (days <= 0) return 0;
    let erased = 0;
    for (const userId of await quietLeadAccounts(this.pool, new Date(now.getTime() - days * DAY_MS), PER_SWEEP)) {
      const { account } = await loadAccount(this.store, userId);
      if (!account.exists || account.securityLevel !== LEVEL.lead) continue;
      try {
        await this.eraser.erase({ userId, how: 'retention', reason: `No activity for ${days} days`, byUserId: null }, systemContext(now));
        erased++;
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict') continue;
        log.error('a quiet lead could not be erased; the next sweep tries again', { userId, message: (err as Error).message });
      }
    }
    if (erased > 0) log.info('erased quiet leads', { accounts: erased, days });
    return erased;
  }
}
