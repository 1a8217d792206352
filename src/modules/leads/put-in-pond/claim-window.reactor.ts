import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type PondDeadline, pondDeadlinesPassed } from '../../../../projections/lead-pond';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { DB_POOL } from '../../../runtime/tokens';
import { systemContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { toNewEvents } from '../../accounts';
import { leadStream } from '../lead';
import type { LeadEvent } from '../leads.events';
import { loadOffice } from '../../office';
import { putInPondDecider } from './put-in-pond.decide';

const log = logger('pond');
const SWEEP_MS = 15_000;

/**
 * The due-time half of the pond: every 15 s it asks the lead_pond read model which leads' claim
 * windows have passed and, for each, decides on the lead's stream (and the office's pond as the
 * office's stream says now) whether it goes to the pond: LeadPutInPond, appended with the lead
 * stream's revision read. Two instances, or a sweep and a retry, race on that revision: one
 * appends, the other decides again on a lead already in the pond and appends nothing.
 * `sweep(now)` takes the clock as an argument, so tests (and a sweep after downtime) decide at
 * any instant; events carry that instant.
 */
@Injectable()
export class ClaimWindowReactor extends SweptReactor {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'the pond sweep', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<unknown> {
    return this.sweep(new Date());
  }

  /** Puts every lead whose claim window passed by `now` in its office's pond; answers how many went. */
  async sweep(now: Date): Promise<number> {
    let moved = 0;
    for (const due of await pondDeadlinesPassed(this.pool, now)) {
      try {
        if (await this.decide(due, now)) moved++;
      } catch (err) {
        log.error('a lead could not go to the pond; the next sweep tries again', { leadId: due.leadId, message: (err as Error).message });
      }
    }
    return moved;
  }

  private async decide(due: PondDeadline, now: Date): Promise<boolean> {
    const { result } = await decideAndAppend(this.store, async () => {
      const office = await loadOffice(this.store, due.officeId);
      const stored = await this.store.readStream(leadStream(due.leadId));
      const lead = fold(putInPondDecider, stored as unknown as LeadEvent[]);
      const events = putInPondDecider.decide({ ...due, now: now.toISOString(), pondEnabled: office.settings.pond.enabled }, lead);
      if (events.length === 0 || !lead.exists) return { appends: [], result: false };
      return {
        appends: [{ streamId: leadStream(due.leadId), expected: stored.at(-1)!.streamPosition, events: toNewEvents(events, systemContext(now, lead.siteId)) }],
        result: true,
      };
    });
    return result;
  }
}
