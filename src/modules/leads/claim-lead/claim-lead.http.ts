import { Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { contractLead, pondLeads } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { AppError, conflict, forbidden, notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount, officeOf } from '../../accounts';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { leadStream } from '../lead';
import { isLeadId, loadLead } from '../load-lead';
import { CLAIM_MESSAGES } from './claim-lead.decide';
import { ClaimLeadCommand } from './claim-lead.command';

/** The 409 a late claimer reads: who has the lead now. */
export const claimedByMessage = (fullName: string) => `${fullName} claimed this lead first`;

/**
 * The office pond (contract 5a): the pond leads the viewer may claim, and the claim itself. First
 * to claim wins: LeadClaimed is appended with the lead stream's revision read, so of claims at
 * once exactly one is stored; the others are decided again on the claimed lead and answered 409
 * with the winner's name.
 */
@Controller()
export class ClaimLeadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The pond leads in the viewer's scope: an agent's office's, a broker's office's, all for staff; oldest first (waiting longest). */
  @Route(contract.leads.pond)
  async pond(@Req() req: Request) {
    return { leads: (await pondLeads(this.pool, dashboardViewer(req))).map(contractLead) };
  }

  @Route(contract.leads.claim)
  async claim(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'staff') throw forbidden(CLAIM_MESSAGES.staff);
    if (!isLeadId(leadId)) throw notFound();
    // The claimer's office as their account says now (a session can outlive a move between offices).
    const { account } = await loadAccount(this.store, viewer.userId);
    const officeId = account.exists ? officeOf(account) : null;
    try {
      await this.commands.execute(new ClaimLeadCommand(leadStream(leadId), { leadId, agentId: viewer.userId, officeId }, commandContextOf(req)));
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict' && err.message === CLAIM_MESSAGES.taken) throw conflict(await this.takenMessage(leadId));
      throw err;
    }
    const { lead } = await loadLead(this.store, leadId);
    return { isSuccess: true as const, leadId, agentId: lead.exists ? lead.agentId : viewer.userId };
  }

  /** Who holds the lead now, by name (a colleague in the same office). */
  private async takenMessage(leadId: string): Promise<string> {
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !lead.agentId) return CLAIM_MESSAGES.taken;
    const { account } = await loadAccount(this.store, lead.agentId);
    const name = account.exists ? `${account.firstName} ${account.lastName}`.trim() : '';
    return name ? claimedByMessage(name) : CLAIM_MESSAGES.taken;
  }
}
