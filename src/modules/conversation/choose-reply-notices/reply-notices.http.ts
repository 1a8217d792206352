import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { fold } from '../../../commands/decider';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { REPLY_NOTICE_NO_TEXT, type ReplyNoticeChoice } from '../../../contract/thread';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { textEligibility } from '../../messaging';
import { replyNoticesStream } from '../thread.events';
import { replyNoticesDecider } from './reply-notices.decide';
import { ReplyNoticesCommand } from './reply-notices.command';

/**
 * The viewer's reply notices: how they hear of a lead's text, MMS or e-mail reply besides the
 * dashboard and web push (always). `textReason`: why a text cannot reach them now (the settings
 * say it beside the choice); the choice is kept either way.
 */
@Controller()
export class ReplyNoticesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.conversation.replyNotices)
  async get(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const state = fold(replyNoticesDecider, (await this.store.readStream(replyNoticesStream(viewer.userId))) as never);
    return this.answer(viewer.userId, state.by, state.chosen);
  }

  @Route(contract.conversation.setReplyNotices)
  async set(@Body() { notifyBy }: BodyOf<typeof contract.conversation.setReplyNotices>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { state } = await this.commands.execute(
      new ReplyNoticesCommand(replyNoticesStream(viewer.userId), { userId: viewer.userId, by: notifyBy }, commandContextOf(req)),
    );
    return this.answer(viewer.userId, state.by, true);
  }

  private async answer(userId: string, notifyBy: ReplyNoticeChoice, chosen: boolean) {
    const { account } = await loadAccount(this.store, userId);
    return { notifyBy, chosen, textReason: textEligibility(account) === null ? null : REPLY_NOTICE_NO_TEXT };
  }
}
