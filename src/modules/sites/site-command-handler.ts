import { Inject, type Type } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../commands/command-context';
import type { Decider } from '../../commands/decider';
import { handleCommand } from '../../commands/handle-command';
import { EventStore } from '../../eventstore/event-store.port';
import type { Event } from '../../shared/event';
import { siteStream } from './site';

type SiteCommand<C> = { readonly input: C; readonly ctx: CommandContext };

/**
 * The bus handler of a command on one site's stream: its decider, run by handleCommand on the
 * site's stream with the command's context. One handler class per command class (the bus
 * routes by class), each made here.
 */
export function siteCommandHandler<C extends { readonly siteId: string }, S, E extends Event>(command: Type<SiteCommand<C>>, decider: Decider<S, C, E>) {
  @CommandHandler(command)
  class SiteCommandHandler implements ICommandHandler<SiteCommand<C>> {
    constructor(@Inject(EventStore) private readonly store: EventStore) {}

    async execute({ input, ctx }: SiteCommand<C>) {
      return handleCommand(this.store, siteStream(input.siteId), decider, input, ctx);
    }
  }
  return SiteCommandHandler;
}
