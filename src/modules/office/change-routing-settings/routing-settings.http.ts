import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { type OfficeSettings, officeStream } from '../office.events';
import { loadOffice, officeOfViewer } from '../load-office';
import { OFFICE_MESSAGES } from '../office';
import { OfficeCommand } from '../office.command';

const routingOf = (officeId: string, s: OfficeSettings) => ({ officeId, pond: s.pond, copyBrokerOnNewLeads: s.copyBrokerOnNewLeads });

/**
 * The office's lead routing options (contract 5a, issue 15): the pond (on or off, and the claim
 * window: minutes an agent has to contact a new lead before it goes to the pond; 0 sends new
 * leads straight there) and whether the broker gets a copy of every new-lead notice. The broker
 * for their office, staff naming one; agents read their office's.
 */
@Controller()
export class RoutingSettingsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.office.routing)
  async get(@Query() q: QueryOf<typeof contract.office.routing>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const officeId = await officeOfViewer(this.store, viewer, q.officeId);
    return routingOf(officeId, (await loadOffice(this.store, officeId)).settings);
  }

  @Route(contract.office.changeRouting)
  async change(@Body() input: BodyOf<typeof contract.office.changeRouting>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
    const officeId = await officeOfViewer(this.store, viewer, input.officeId);
    const changes: Partial<OfficeSettings> = {
      ...(input.pond ? { pond: { enabled: input.pond.enabled, claimWindowMinutes: input.pond.claimWindowMinutes } } : {}),
      ...(input.copyBrokerOnNewLeads === undefined ? {} : { copyBrokerOnNewLeads: input.copyBrokerOnNewLeads }),
    };
    const by = { role: viewer.role, userId: viewer.userId };
    const result = await this.commands.execute(
      new OfficeCommand(officeStream(officeId), { kind: 'change-settings', officeId, changes, by }, commandContextOf(req)),
    );
    return routingOf(officeId, result.state.settings);
  }
}
