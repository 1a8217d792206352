import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { siteStream } from '../site';
import { type ChangeSiteSettings, changeSiteSettingsDecider } from './change-site-settings.decide';

export class ChangeSiteSettingsCommand {
  constructor(
    readonly input: ChangeSiteSettings,
    readonly ctx: CommandContext,
  ) {}
}

@CommandHandler(ChangeSiteSettingsCommand)
export class ChangeSiteSettingsHandler implements ICommandHandler<ChangeSiteSettingsCommand> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ input, ctx }: ChangeSiteSettingsCommand) {
    return handleCommand(this.store, siteStream(input.siteId), changeSiteSettingsDecider, input, ctx);
  }
}
