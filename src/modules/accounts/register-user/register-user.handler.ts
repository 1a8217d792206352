import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { userStream } from '../account';
import { hashPassword } from '../passwords';
import { type RegisterUser, registerUserDecider } from './register-user.decide';

export class RegisterUserCommand {
  constructor(
    readonly input: Omit<RegisterUser, 'passwordHash'> & { readonly password?: string },
    readonly ctx: CommandContext,
  ) {}
}

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ input, ctx }: RegisterUserCommand) {
    const { password, ...rest } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    return handleCommand(this.store, userStream(input.userId), registerUserDecider, { ...rest, passwordHash }, ctx);
  }
}
