import { Body, Controller, Get, Inject, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { fold } from '../../../commands/decider';
import { REPLY_NOTICE_CHOICES, REPLY_NOTICE_NO_TEXT } from '../../../contract/thread';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { textEligibility } from '../../messaging';
import { replyNoticesStream } from '../thread.events';
import { replyNoticesDecider } from './reply-notices.decide';
import { ReplyNoticesCommand } from './reply-notices.command';

const ChoiceBody = z.strictObject({ notifyBy: z.enum(REPLY_NOTICE_CHOICES) });

/**
 * The viewer's reply notices: how they hear of a lead's text, MMS or e-mail reply besides the
 * dashboard and web push (always). `textReason`: why a text cannot reach them now (the settings
 * say it beside the choice); the choice is kept either way.
 */
@Controller('api/dashboard/me/reply-notices')
export class ReplyNoticesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @ApiDoc({ summary: 'How the viewer hears of lead replies (e-mail, text, both, none; web push always)', tag: 'One conversation', access: 'agents, brokers, staff', responses: { 200: '{notifyBy, chosen, textReason}' } })
  @Get()
  async get(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const state = fold(replyNoticesDecider, (await this.store.readStream(replyNoticesStream(viewer.userId))) as never);
    return this.answer(viewer.userId, state.by, state.chosen);
  }

  @ApiDoc({ summary: 'Choose how the viewer hears of lead replies', tag: 'One conversation', access: 'agents, brokers, staff', body: ChoiceBody, responses: { 200: '{notifyBy, chosen, textReason}' } })
  @Put()
  async set(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { notifyBy } = parseBody(ChoiceBody, body);
    const { state } = await this.commands.execute(new ReplyNoticesCommand(replyNoticesStream(viewer.userId), { userId: viewer.userId, by: notifyBy }, commandContextOf(req)));
    return this.answer(viewer.userId, state.by, true);
  }

  private async answer(userId: string, notifyBy: string, chosen: boolean) {
    const { account } = await loadAccount(this.store, userId);
    return { notifyBy, chosen, textReason: textEligibility(account) === null ? null : REPLY_NOTICE_NO_TEXT };
  }
}
