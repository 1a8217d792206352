import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore } from '../eventstore/event-store.port';
import type { Event } from '../shared/event';
import type { CommandContext } from './command-context';
import type { Decider } from './decider';
import { type CommandResult, handleCommand } from './handle-command';
import { handleCommandAcross, type StreamFold } from './handle-command-across';

/**
 * A command the bus hands to its decider on one stream. A use case declares its command beside
 * its decider in one line, `export class CompleteTaskCommand extends decideCommand(completeTaskDecider) {}`,
 * and a caller runs it with `commands.execute(new CompleteTaskCommand(taskStream(id), input, ctx))`,
 * typed by the decider's state and events.
 */
export class DecideCommand<State, C, E extends Event> extends Command<CommandResult<State, E>> {
  constructor(
    readonly streamId: string,
    readonly decider: Decider<State, C, E>,
    readonly input: C,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** The command class of a use case: its decider fixed, its stream, input and context given. */
export function decideCommand<State, C, E extends Event>(decider: Decider<State, C, E>) {
  return class extends DecideCommand<State, C, E> {
    constructor(streamId: string, input: C, ctx: CommandContext) {
      super(streamId, decider, input, ctx);
    }
  };
}

/**
 * Every DecideCommand, whatever its class: the bus finds a handler by the command class's
 * metadata, which a subclass inherits, so one handler runs them all through handleCommand
 * (the retry of a lost race, the append at the revision read) and no use case writes its own.
 */
@CommandHandler(DecideCommand)
export class DecideCommandHandler implements ICommandHandler<DecideCommand<unknown, unknown, Event>> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  execute<State, C, E extends Event>({ streamId, decider, input, ctx }: DecideCommand<State, C, E>) {
    return handleCommand(this.store, streamId, decider, input, ctx);
  }
}

type AcrossResult<State, E extends Event> = Awaited<ReturnType<typeof handleCommandAcross<State, E>>>;

/** A decision over several streams at once (merging accounts, erasing a person), in one atomic write. */
export class DecideAcrossCommand<State, E extends Event> extends Command<AcrossResult<State, E>> {
  constructor(
    readonly streams: readonly StreamFold<State, E>[],
    readonly decide: (states: readonly State[]) => readonly (readonly E[])[],
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DecideAcrossCommand)
export class DecideAcrossCommandHandler implements ICommandHandler<DecideAcrossCommand<unknown, Event>> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  execute({ streams, decide, ctx }: DecideAcrossCommand<unknown, Event>) {
    return handleCommandAcross(this.store, streams, decide, ctx);
  }
}

/** The handlers of the command path, registered once by the composition root. */
export const COMMAND_PATH_HANDLERS = [DecideCommandHandler, DecideAcrossCommandHandler];
