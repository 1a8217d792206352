import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { handleCommand } from '../../../commands/handle-command';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { LeadIntake } from '../intake-lead/lead-intake.service';
import { officeBroker } from '../lead-flow/lead-flow.http';
import { DELIVERY_NOT_FOUND, intakeInboxDecider } from './intake-inbox.decide';
import { intakeInboxStream } from './intake-inbox.events';
import { IntakeDeliveries } from './intake-deliveries';

/** The office's unread deliveries (nothing that came in is dropped): the broker makes a lead of one by hand, or dismisses it. */
@Controller()
export class UnreadDeliveriesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(LeadIntake) private readonly intake: LeadIntake,
    @Inject(IntakeDeliveries) private readonly deliveries: IntakeDeliveries,
  ) {}

  @Route(contract.leadFlow.unread)
  async unread(@Req() req: Request) {
    const kept = await this.deliveries.unread(officeBroker(req));
    return { deliveries: kept.map(({ officeId: _office, ...d }) => d) };
  }

  /** Through the lead intake as any outside lead (routing by the lead flow for the source chosen); the delivery's id keeps a retry from making two. */
  @Route(contract.leadFlow.makeLead)
  async makeLead(
    @Param('deliveryId') deliveryId: string,
    @Body() input: BodyOf<typeof contract.leadFlow.makeLead>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const officeId = officeBroker(req);
    const ctx = commandContextOf(req);
    if (!(await this.deliveries.unread(officeId)).some((d) => d.deliveryId === deliveryId)) throw notFound(DELIVERY_NOT_FOUND);
    const answer = await this.intake.take(
      {
        source: input.source,
        person: { firstName: input.firstName, lastName: input.lastName, emails: input.email ? [input.email] : [], phones: input.phone ? [input.phone] : [] },
        message: input.message || undefined,
        externalId: `unread-${deliveryId}`,
      },
      { userId: officeId, role: 'broker' },
      ctx,
    );
    await handleCommand(
      this.store,
      intakeInboxStream(officeId),
      intakeInboxDecider,
      { kind: 'made-lead', officeId, deliveryId, leadId: answer.leadId, byUserId: officeId },
      ctx,
    );
    // What it held lives on under the new lead's key; its own goes.
    await this.deliveries.sealed.erase([deliveryId]);
    res.status(answer.created ? 201 : 200);
    return answer;
  }

  @Route(contract.leadFlow.dismiss)
  async dismiss(@Param('deliveryId') deliveryId: string, @Req() req: Request): Promise<undefined> {
    const officeId = officeBroker(req);
    await handleCommand(
      this.store,
      intakeInboxStream(officeId),
      intakeInboxDecider,
      { kind: 'dismiss', officeId, deliveryId, byUserId: officeId },
      commandContextOf(req),
    );
    await this.deliveries.sealed.erase([deliveryId]);
    return undefined;
  }
}
