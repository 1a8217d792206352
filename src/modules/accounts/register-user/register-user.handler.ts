import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandContext } from '../../../commands/command-context';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { hashPassword, passwordProblem } from '../passwords';
import type { RegisterUser } from './register-user.decide';
import { appendAtomically, registrationAppends } from './registration';

export class RegisterUserCommand {
  constructor(
    readonly input: Omit<RegisterUser, 'passwordHash' | 'from' | 'at'> & { readonly password?: string; readonly from?: string },
    readonly ctx: CommandContext,
  ) {}
}

/** Registers an account and claims its address in one atomic append ('Email already in use' on a lost claim). */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ input, ctx }: RegisterUserCommand) {
    const { password, from, ...rest } = input;
    const problem = password ? passwordProblem(password) : null;
    if (problem) throw validation(problem);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const appends = registrationAppends({ ...rest, passwordHash, from: from ?? 'registered by the product', at: ctx.now.toISOString() }, ctx);
    const [result] = await appendAtomically(this.store, appends);
    return result;
  }
}
