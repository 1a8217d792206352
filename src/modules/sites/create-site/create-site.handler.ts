import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { siteStream } from '../site';
import { type CreateSite, createSiteDecider } from './create-site.decide';

export class CreateSiteCommand {
  constructor(
    readonly input: CreateSite,
    readonly ctx: CommandContext,
  ) {}
}

@CommandHandler(CreateSiteCommand)
export class CreateSiteHandler implements ICommandHandler<CreateSiteCommand> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ input, ctx }: CreateSiteCommand) {
    return handleCommand(this.store, siteStream(input.siteId), createSiteDecider, input, ctx);
  }
}
