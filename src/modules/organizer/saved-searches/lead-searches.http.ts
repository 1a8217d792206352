import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { savedSearchesOf } from '../../../../projections/organizer';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { stableId } from '../../../shared/stable-id';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { leadInScope } from '../../leads';
import { organizerStream } from '../organizer.events';
import { parseSavedSearch } from './saved-search-input';
import { OrganizerCommand } from '../organizer.command';

/**
 * A saved search with alerts that an agent sets up for a lead from the lead page (issue 16):
 * the same SavedSearchSaved on the lead's organizer stream as the lead's own (with `byAgentId`),
 * so the lead finds it in their organizer and may rename, change or delete it, the alerts
 * pipeline matches it like any other (consent included: a lead who turned property alerts or
 * e-mail off gets none), and the agent's timeline says so. Criteria exactly as the search API
 * takes them (the public search's query string, or a few fields of the lead page's form).
 * Agent: own leads; broker: office; staff: all; another agent 404; a lead 403; signed out 401.
 */
@Controller()
export class LeadSearchesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.organizer.saveLeadSearch)
  async save(@Param('leadId') leadId: string, @Body() body: BodyOf<typeof contract.organizer.saveLeadSearch>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const input = parseSavedSearch(body);
    const owner = { leadId: lead.leadId, userId: lead.userId, siteId: lead.siteId };
    // The id the lead's own save of these criteria would have: one search, whoever saved it first.
    const searchId = stableId(`${lead.leadId} ${input.searchQs}`);
    const result = await this.commands.execute(
      new OrganizerCommand(organizerStream(lead.leadId), { type: 'SaveSearch', ...owner, searchId, ...input, byAgentId: viewer.userId }, commandContextOf(req)),
    );
    const { account } = await loadAccount(this.store, lead.userId);
    return {
      searchId,
      path: `/search${input.searchQs ? `?${input.searchQs}` : ''}`,
      created: result.events.length > 0,
      alertsAllowed: account.exists && account.consent.email && account.consent.propertyAlerts,
    };
  }

  @Route(contract.organizer.leadSearches)
  async list(@Param('leadId') leadId: string, @Req() req: Request) {
    const { lead } = await leadInScope(this.store, req, leadId);
    return { searches: await savedSearchesOf(this.pool, lead.leadId) };
  }
}
