import { Body, Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { Decider } from '../../../commands/decider';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, validation } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { type OfficeTextRulesSet, textRulesStream } from '../compliance.events';
import { type OfficeTextRules, officeTextRulesOf } from './text-rules';

const ONLY_BROKER = "Only the broker sets the office's hours for automated texts";

/** A change only when it changes something. */
const textRulesDecider: Decider<OfficeTextRules, OfficeTextRulesSet['data'], OfficeTextRulesSet> = {
  initialState: () => officeTextRulesOf([]),
  evolve: (_s, e) => officeTextRulesOf([e]),
  decide: (c, s) => (c.startHour === s.startHour && c.endHour === s.endHour && c.perDay === s.perDay ? [] : [{ type: 'OfficeTextRulesSet', data: c }]),
};

/** The office's hours and daily number of automated texts: read by its people, set by its broker. */
@Controller()
export class TextRulesController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Route(contract.compliance.textRules)
  async get(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const office = viewer.role === 'broker' ? viewer.userId : viewer.role === 'agent' ? viewer.officeId : null;
    return officeTextRulesOf(office ? await this.store.readStream(textRulesStream(office)) : []);
  }

  @Route(contract.compliance.setTextRules)
  async set(@Body() input: BodyOf<typeof contract.compliance.setTextRules>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (viewer.role !== 'broker') throw forbidden(ONLY_BROKER);
    if (input.startHour >= input.endHour) throw validation('The hours must start before they end');
    const { state } = await handleCommand(
      this.store,
      textRulesStream(viewer.userId),
      textRulesDecider,
      { officeId: viewer.userId, ...input, byUserId: viewer.userId },
      commandContextOf(req),
    );
    return state;
  }
}
