import { boardCounts } from '../../../../projections/lead-feed';
import { rosterFor } from '../../../../projections/lead-routing';
import { listAgentMlsIdOf } from '../../../../projections/search';
import { usersByIds } from '../../../../projections/users';
import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { LEVEL, loadAccount, officeOf } from '../../accounts';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { agentProfileStream, officeStream } from '../office.events';
import { OFFICE_MESSAGES } from '../office';
import { loadOffice, officeOfViewer } from '../load-office';
import { mlsIdHolderInOffice } from '../mls-id-holder';
import { AgentProfileCommand } from '../agent-profile.command';
import { OfficeCommand } from '../office.command';
import { OfficeSettingsCommand } from '../change-pipeline/change-pipeline.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The office roster and its routing data: brokers take agents out of the round robin and back
 * (a new version of the routing rules, RoutingRulesChanged), link listings to their listing agent, and everyone edits
 * their own bio.
 */
@Controller()
export class OfficeController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** Agents the viewer may see: an agent themself, a broker their office (and themself), staff everyone. */
  @Route(contract.office.agents)
  async agents(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const roster = await rosterFor(this.pool, viewer.role === 'staff' ? null : viewer.userId);
    const people = await usersByIds(
      this.pool,
      roster.map((r) => r.userId),
    );
    return {
      agents: roster.flatMap((r) => {
        const u = people.get(r.userId);
        // As before (an inner join): someone the users read model does not know yet is not listed.
        if (!u) return [];
        return [
          {
            userId: r.userId,
            fullName: `${u.firstName} ${u.lastName}`.trim(),
            email: u.email,
            securityLevel: r.level,
            officeId: r.officeId,
            active: r.active,
            bio: r.bio,
            mlsId: r.mlsId,
            pendingMlsId: r.pendingMlsId,
          },
        ];
      }),
    };
  }

  @Route(contract.office.deactivate)
  deactivate(@Param('agentId') agentId: string, @Req() req: Request) {
    return this.setActive(req, agentId, false);
  }

  @Route(contract.office.activate)
  activate(@Param('agentId') agentId: string, @Req() req: Request) {
    return this.setActive(req, agentId, true);
  }

  /** The viewer's own bio. */
  @Route(contract.office.setBio)
  async bio(@Body() { bio }: BodyOf<typeof contract.office.setBio>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const ctx = commandContextOf(req);
    await this.commands.execute(new AgentProfileCommand(agentProfileStream(viewer.userId), { kind: 'bio', agentId: viewer.userId, bio: bio.trim() }, ctx));
    return { isSuccess: true as const };
  }

  /**
   * The viewer's own id at their MLS (ListAgentMlsId in the feeds): listings a feed imports with
   * it are linked to them for the listing-agent rule. An agent's id waits for their broker's
   * confirmation (pendingMlsId); a broker's own is in force at once. Null clears it. An id a
   * colleague of the office has is 409.
   */
  @Route(contract.office.setMlsId)
  async mlsId(@Body() { mlsId }: BodyOf<typeof contract.office.setMlsId>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { account } = await loadAccount(this.store, viewer.userId);
    const office = account.exists ? officeOf(account) : null;
    return this.setMlsId(req, viewer.userId, office, mlsId, viewer.role === 'agent' ? 'self' : 'broker');
  }

  /** The broker (or staff) sets an agent's MLS id, or confirms the one the agent gave: in force at once. */
  @Route(contract.office.setAgentMlsId)
  async agentMlsId(@Param('agentId') agentId: string, @Body() { mlsId }: BodyOf<typeof contract.office.setAgentMlsId>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(OFFICE_MESSAGES.mlsIdOther);
    const officeId = await this.officeOfAgentFor(viewer, agentId, false);
    return this.setMlsId(req, agentId, officeId, mlsId, 'broker');
  }

  /** Links a listing to its listing agent (the listing-agent routing rule); agentId null unlinks. */
  @Route(contract.office.linkListing)
  async linkListing(@Body() input: BodyOf<typeof contract.office.linkListing>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    let officeId: string;
    if (input.agentId === null) {
      if (viewer.role !== 'broker') throw forbidden(OFFICE_MESSAGES.unlink);
      officeId = viewer.userId;
    } else {
      officeId = await this.officeOfAgentFor(viewer, input.agentId, true);
    }
    const by = { role: viewer.role, userId: viewer.userId };
    const mlsHolder = await this.mlsHolderOf(officeId, input.pdid);
    const command = { kind: 'link-listing' as const, officeId, pdid: input.pdid, agentId: input.agentId, by, mlsHolder };
    await this.commands.execute(new OfficeCommand(officeStream(officeId), command, commandContextOf(req)));
    return { isSuccess: true as const };
  }

  /** The office's settings: a broker's own, an agent's broker's, any office for staff (?officeId=). */
  @Route(contract.office.settings)
  async settings(@Query() { officeId }: QueryOf<typeof contract.office.settings>, @Req() req: Request) {
    const office = await officeOfViewer(this.store, dashboardViewer(req), officeId);
    return { officeId: office, settings: (await loadOffice(this.store, office)).settings };
  }

  /** The broker (or staff, naming the office) changes the office's settings: OfficeSettingsChanged. */
  @Route(contract.office.changeSettings)
  async changeSettings(@Body() input: BodyOf<typeof contract.office.changeSettings>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
    const officeId = await officeOfViewer(this.store, viewer, input.officeId);
    const changes = input.agentsMayClaimListings === undefined ? {} : { agentsMayClaimListings: input.agentsMayClaimListings };
    if (input.moveLeads && !input.stages) throw validation('moveLeads comes with stages');
    // How many of the office's leads each stage holds: a stage with leads goes only with a destination for them.
    const leadsIn = input.stages ? Object.fromEntries(await boardCounts(this.pool, { userId: viewer.userId, role: 'staff' }, officeId)) : {};
    const pipeline = input.stages && { stages: input.stages, moves: input.moveLeads ?? [], leadsIn };
    const command = { officeId, changes, pipeline, by: { role: viewer.role, userId: viewer.userId } };
    const result = await this.commands.execute(new OfficeSettingsCommand(officeStream(officeId), command, commandContextOf(req)));
    return { isSuccess: true as const, officeId, settings: result.state.settings };
  }

  private async setMlsId(req: Request, agentId: string, officeId: string | null, mlsId: string | null, by: 'self' | 'broker') {
    const heldBy = mlsId === null || officeId === null ? null : await mlsIdHolderInOffice(this.store, this.pool, officeId, mlsId);
    const { state } = await this.commands.execute(
      new AgentProfileCommand(agentProfileStream(agentId), { kind: 'mlsId', agentId, mlsId, by, heldBy }, commandContextOf(req)),
    );
    return { isSuccess: true as const, mlsId: state.mlsId, pendingMlsId: state.pendingMlsId };
  }

  /** The colleague whose MLS id in force the listing names as its ListAgentMlsId: the listing is theirs even if never linked. */
  private async mlsHolderOf(officeId: string, pdid: string): Promise<string | null> {
    const listAgentMlsId = await listAgentMlsIdOf(this.pool, pdid);
    return listAgentMlsId === null ? null : mlsIdHolderInOffice(this.store, this.pool, officeId, listAgentMlsId);
  }

  private async setActive(req: Request, agentId: string, active: boolean) {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden();
    const officeId = await this.officeOfAgentFor(viewer, agentId, false);
    await this.commands.execute(
      new OfficeCommand(
        officeStream(officeId),
        { kind: 'set-active', officeId, agentId, active, by: { role: viewer.role, userId: viewer.userId } },
        commandContextOf(req),
      ),
    );
    return { isSuccess: true as const, agentId, active };
  }

  /**
   * The office of an agent the viewer may act for: a broker's own agents, any agent for staff,
   * and (when `self` is allowed) an agent for themself. Anyone else's agent is 404.
   */
  private async officeOfAgentFor(viewer: Viewer, agentId: string, self: boolean): Promise<string> {
    if (!UUID.test(agentId)) throw notFound();
    const { account } = await loadAccount(this.store, agentId);
    if (!account.exists || account.securityLevel !== LEVEL.agent || !account.officeId) throw notFound();
    const mine = viewer.role === 'staff' || (viewer.role === 'broker' && account.officeId === viewer.userId) || (self && viewer.userId === agentId);
    if (!mine) throw notFound();
    return account.officeId;
  }
}
