import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CommandContext } from '../../commands/command-context';
import type { StreamAppend } from '../../eventstore/event-store.port';

export type NewSignUp = {
  readonly userId: string;
  readonly siteId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly via: 'google' | 'facebook';
};

type Hook = (req: Request, signUp: NewSignUp, ctx: CommandContext) => StreamAppend[];

/**
 * Lets another context add streams to the atomic append of a sign-up without accounts knowing
 * it: the leads context registers the LeadCaptured of a new visitor here.
 */
@Injectable()
export class SignUpHooks {
  private readonly hooks: Hook[] = [];

  register(hook: Hook): void {
    this.hooks.push(hook);
  }

  appendsFor(req: Request, signUp: NewSignUp, ctx: CommandContext): StreamAppend[] {
    return this.hooks.flatMap((h) => h(req, signUp, ctx));
  }
}
