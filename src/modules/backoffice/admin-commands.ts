import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DecideAcrossCommand } from '../../commands/decide-command';
import type { Request } from 'express';
import { handleCommand } from '../../commands/handle-command';
import type { StreamFold } from '../../commands/handle-command-across';
import { EventStore } from '../../eventstore/event-store.port';
import { notFound } from '../../shared/errors';
import {
  type Account,
  type AccountEvent,
  type ChangeSignInAccess,
  decideSignInAccess,
  evolveAccount,
  type ExistingAccount,
  initialAccount,
  loadAccount,
  SessionStore,
  userStream,
} from '../accounts';
import { commandContextOf } from '../../commands/request-context';
import { type MailMessage, Mailer } from '../messaging';
import { type AccountAdmin, backofficeStream, evolveAccountAdmin, initialAccountAdmin } from './account-admin';
import type { BackofficeEvent } from './backoffice.events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_SUCH_ACCOUNT = 'No such account';

/** A path parameter that names an account: anything but a uuid is simply not found. */
export function accountIdParam(value: string): string {
  if (!UUID.test(value)) throw notFound(NO_SUCH_ACCOUNT);
  return value.toLowerCase();
}

const adminFold = (userId: string) => ({ streamId: backofficeStream(userId), initialState: initialAccountAdmin, evolve: evolveAccountAdmin });
const accountFold = (userId: string) => ({ streamId: userStream(userId), initialState: initialAccount, evolve: evolveAccount });

export type ActionResult = { readonly isSuccess: true; readonly events: readonly string[]; readonly admin: AccountAdmin };

/**
 * Runs the back-office actions: the account must exist (404), the decision is made on the fold of
 * its back-office stream, and the events carry the request's command context (the staff member).
 */
@Injectable()
export class AdminCommands {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async account(userId: string): Promise<ExistingAccount> {
    const { account } = await loadAccount(this.store, accountIdParam(userId));
    if (!account.exists) throw notFound(NO_SUCH_ACCOUNT);
    return account;
  }

  async admin(userId: string): Promise<AccountAdmin> {
    const events = await this.store.readStream(backofficeStream(userId));
    return events.reduce((s, e) => evolveAccountAdmin(s, e as unknown as BackofficeEvent), initialAccountAdmin());
  }

  async run(req: Request, userId: string, decide: (state: AccountAdmin) => readonly BackofficeEvent[]): Promise<ActionResult> {
    const account = await this.account(userId);
    const result = await handleCommand(
      this.store,
      backofficeStream(account.userId),
      { ...adminFold(account.userId), decide: (_: null, s: AccountAdmin) => decide(s) },
      null,
      commandContextOf(req),
    );
    return { isSuccess: true, events: result.events.map((e) => e.type), admin: result.state };
  }

  /**
   * An action that sends a mail (`mail`, from the account's back-office state): decided first, so
   * that a refusal sends nothing, then sent through the Mailer port, then recorded: the event says
   * the mail went out.
   */
  async mailThenRun(
    req: Request,
    account: ExistingAccount,
    decide: (state: AccountAdmin) => readonly BackofficeEvent[],
    mail: (state: AccountAdmin) => MailMessage,
  ): Promise<ActionResult> {
    const admin = await this.admin(account.userId);
    decide(admin);
    await this.mailer.send(mail(admin));
    return this.run(req, account.userId, decide);
  }

  /**
   * A lock, an unlock or an offboarding: the back-office event on the account's back-office
   * stream and, in the same atomic append, the accounts context's SignInBlocked / SignInUnblocked
   * on the user's stream, which every way of signing in reads. Sign-ins append to that stream
   * with the revision they read, so one that raced the lock is decided again and refused. Once
   * blocked, every session of the account ends at once and its sockets close.
   */
  async runAffectingSignIn(
    req: Request,
    userId: string,
    decide: (state: AccountAdmin) => readonly BackofficeEvent[],
    access: Omit<ChangeSignInAccess, 'userId'>,
  ): Promise<ActionResult> {
    const account = await this.account(userId);
    const streams = [adminFold(account.userId), accountFold(account.userId)] as unknown as StreamFold<AccountAdmin | Account, BackofficeEvent | AccountEvent>[];
    const result = await this.commands.execute(
      new DecideAcrossCommand(
        streams,
        ([admin, user]) => [decide(admin as AccountAdmin), decideSignInAccess({ userId: account.userId, ...access }, user as Account)],
        commandContextOf(req),
      ),
    );
    if (access.blocked) await this.sessions.endAllFor(account.userId);
    const events = result.events.flat();
    return { isSuccess: true, events: events.map((e) => e.type), admin: result.states[0] as AccountAdmin };
  }

  /** An action between two accounts: one event on each back-office stream, appended atomically. */
  async runOnTwo(
    req: Request,
    ids: readonly [string, string],
    decide: (accounts: readonly [ExistingAccount, ExistingAccount], states: readonly AccountAdmin[]) => readonly (readonly BackofficeEvent[])[],
  ): Promise<ActionResult> {
    const accounts = [await this.account(ids[0]), await this.account(ids[1])] as const;
    const result = await this.commands.execute(
      new DecideAcrossCommand([adminFold(accounts[0].userId), adminFold(accounts[1].userId)], (states) => decide(accounts, states), commandContextOf(req)),
    );
    return { isSuccess: true, events: result.events.flat().map((e) => e.type), admin: result.states[0]! };
  }
}
