import { Body, Controller, Get, Inject, Patch, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { forbidden } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { type OfficeSettings, officeStream } from '../office.events';
import { loadOffice, officeOfViewer } from '../load-office';
import { isClaimWindow, OFFICE_MESSAGES } from '../office';
import { OfficeCommand } from '../office.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// One message for every wrong window, a string or a fraction alike.
const claimWindow = z.custom<number>(isClaimWindow, { error: OFFICE_MESSAGES.claimWindow });
const RoutingBody = z.strictObject({
  pond: z.strictObject({ enabled: z.boolean(), claimWindowMinutes: claimWindow }).optional(),
  copyBrokerOnNewLeads: z.boolean().optional(),
  /** Staff name the office; a broker's own is implied. */
  brokerId: z.string().regex(UUID, { error: 'brokerId is not an id' }).optional(),
});
const RoutingQuery = z.strictObject({ brokerId: z.string().regex(UUID, { error: 'brokerId is not an id' }).optional() });

const routingOf = (brokerId: string, s: OfficeSettings) => ({ brokerId, pond: s.pond, copyBrokerOnNewLeads: s.copyBrokerOnNewLeads });

/**
 * The office's lead routing options (contract 5a, issue 15): the pond (on or off, and the claim
 * window: minutes an agent has to contact a new lead before it goes to the pond; 0 sends new
 * leads straight there) and whether the broker gets a copy of every new-lead notice. The broker
 * for their office, staff naming one; agents read their office's.
 */
@Controller('api/dashboard/routing')
export class RoutingSettingsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiDoc({ summary: "The office's pond and new-lead copy settings", tag: 'Dashboard: pond', access: 'agents (their office), brokers, staff (?brokerId=)', query: RoutingQuery })
  async get(@Query() query: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const q = parseBody(RoutingQuery, query);
    const brokerId = await officeOfViewer(this.store, viewer, q.brokerId);
    return routingOf(brokerId, (await loadOffice(this.store, brokerId)).settings);
  }

  @Patch()
  @ApiDoc({ summary: "Change the office's pond and new-lead copy settings (OfficeSettingsChanged)", tag: 'Dashboard: pond', access: 'brokers, staff (brokerId)', body: RoutingBody })
  async change(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(RoutingBody, body);
    if (viewer.role === 'agent') throw forbidden(OFFICE_MESSAGES.settings);
    const brokerId = await officeOfViewer(this.store, viewer, input.brokerId);
    const changes: Partial<OfficeSettings> = {
      ...(input.pond ? { pond: { enabled: input.pond.enabled, claimWindowMinutes: input.pond.claimWindowMinutes } } : {}),
      ...(input.copyBrokerOnNewLeads === undefined ? {} : { copyBrokerOnNewLeads: input.copyBrokerOnNewLeads }),
    };
    const by = { role: viewer.role, userId: viewer.userId };
    const result = await this.commands.execute(new OfficeCommand(officeStream(brokerId), { kind: 'change-settings', brokerId, changes, by }, commandContextOf(req)));
    return routingOf(brokerId, result.state.settings);
  }
}
