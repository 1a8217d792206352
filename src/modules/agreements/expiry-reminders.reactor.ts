import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { type DueAgreementReminder, dueAgreementReminders } from '../../../projections/agreements';
import { systemContext } from '../../commands/command-context';
import { dayWords } from '../../contract/agreements';
import { EventStore } from '../../eventstore/event-store.port';
import { type Schedule, SweptReactor } from '../../runtime/swept-reactor';
import { DB_POOL } from '../../runtime/tokens';
import { stableId } from '../../shared/stable-id';
import { loadLead } from '../leads';
import { CreateTaskCommand, taskStream } from '../tasks';
import { AgreementCommandOnLead } from './agreements.command';
import { buyerAgreementsStream } from './agreements.events';
import { today } from './today';

/** Agreements end on calendar days: a sweep an hour is soon enough, and the first runs at start. */
const SWEEP_MS = 3600_000;

/** The renewal task of an agreement: its id follows from the agreement, so it is made once whoever makes it. */
export const reminderTaskId = (agreementId: string) => stableId(`buyer agreement renewal ${agreementId}`);

/**
 * Seven days before a signed agreement ends, its lead's agent gets a task to renew it, through the
 * tasks context's own command, exactly once across crashes and instances: the task id is derived
 * from the agreement (a second create appends nothing), then BuyerAgreementReminded takes it off
 * the buyer_agreements read model's due list (its checkpoint moves past it).
 */
@Injectable()
export class AgreementExpiryReminders extends SweptReactor {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'agreement expiry reminders', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<number> {
    return this.run(new Date());
  }

  /** Every reminder due at `now`; answers how many tasks this made. */
  async run(now: Date): Promise<number> {
    let made = 0;
    for (const due of await dueAgreementReminders(this.pool, today(now))) made += await this.remind(due, now);
    return made;
  }

  private async remind(due: DueAgreementReminder, now: Date): Promise<number> {
    const { lead } = await loadLead(this.store, due.leadId);
    // A lead nobody holds yet (no agent, no office) is reminded once someone does.
    const assignee = lead.exists ? (lead.agentId ?? lead.officeId) : null;
    if (!lead.exists || !assignee) return 0;
    const taskId = reminderTaskId(due.agreementId);
    const ctx = systemContext();
    const { events } = await this.commands.execute(
      new CreateTaskCommand(
        taskStream(taskId),
        {
          taskId,
          leadId: lead.leadId,
          siteId: lead.siteId,
          officeId: lead.officeId,
          leadAgentId: assignee,
          title: `Renew ${lead.fullName}'s buyer agreement: it ends on ${dayWords(due.endsOn)}`,
          taskType: 'follow-up',
          dueAt: now.toISOString(),
          byUserId: assignee,
        },
        ctx,
      ),
    );
    await this.commands.execute(new AgreementCommandOnLead(buyerAgreementsStream(lead.leadId), { kind: 'remind', agreementId: due.agreementId, taskId }, ctx));
    return events.length;
  }
}
